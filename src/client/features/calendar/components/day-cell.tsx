import { cn } from '#client/lib/cn.ts'
import type { DayCellState } from '#shared/calendar-months.ts'
import type { CalendarDayDto } from '#shared/dto.ts'
import { formatDayDate, formatPrice } from '#shared/format.ts'

const STATE_LABEL: Record<DayCellState, string> = {
  available: 'Available',
  'in-cart': 'In Cart',
  pending: 'Pending',
  reserved: 'Reserved',
  placeholder: '',
  past: 'Past',
  closed: 'Closed',
}

/**
 * Below 640 px a cell's label has ~33 px (320 px screens) to ~46 px (414 px): 'Available', 'Reserved' and
 * 'Pending' overflow that, so phones see these. The button's accessible name keeps the full state
 * (STATE_SPOKEN).
 */
const STATE_SHORT_LABEL: Record<DayCellState, string> = {
  available: 'Open',
  'in-cart': 'Cart',
  pending: 'Hold',
  reserved: 'Sold',
  placeholder: '',
  past: 'Past',
  closed: 'Closed',
}

const STATE_SPOKEN: Record<DayCellState, string> = {
  available: 'available',
  'in-cart': 'in cart',
  pending: 'pending',
  reserved: 'reserved',
  placeholder: 'not available yet',
  past: 'past, not available',
  closed: 'closed, not available',
}

const STATE_STYLE: Record<DayCellState, string> = {
  available: 'border-slate-300 bg-white text-slate-900 hover:border-blue-700 hover:bg-blue-50',
  'in-cart': 'border-blue-800 bg-blue-700 text-white hover:bg-blue-800',
  pending: 'border-amber-300 bg-amber-50 text-amber-900',
  reserved: 'border-slate-300 bg-slate-200 text-slate-800',
  placeholder: 'border-dashed border-slate-300 bg-slate-50 text-slate-700',
  past: 'border-slate-200 bg-slate-100 text-slate-600',
  closed: 'border-slate-200 bg-slate-100 text-slate-600',
}

type DayCellProps = {
  date: string
  day: CalendarDayDto | undefined
  state: DayCellState
  showPricing: boolean
  onClick: () => void
}

/** One day of the grid: a real button whose name carries the full date, the price when shown, and the state. */
export function DayCell({ date, day, state, showPricing, onClick }: DayCellProps) {
  const hasPrice = showPricing && day !== undefined && (state === 'available' || state === 'in-cart')
  const price = hasPrice && day ? formatPrice(day.price) : null
  const spoken = `${formatDayDate(date)} — ${price ? `${price}, ` : ''}${STATE_SPOKEN[state]}`
  const label = state === 'available' && price ? price : STATE_LABEL[state]
  const shortLabel = state === 'available' && price ? price : STATE_SHORT_LABEL[state]

  return (
    <button
      type="button"
      aria-label={spoken}
      onClick={onClick}
      className={cn(
        'flex h-16 w-full min-w-0 flex-col items-start justify-between overflow-hidden rounded-md border p-0.5 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 sm:h-20 sm:p-2',
        STATE_STYLE[state],
      )}
    >
      <span className="text-sm font-semibold sm:text-base">{Number(date.slice(8, 10))}</span>
      {label ? (
        // Both are in the DOM and one is display:none, so neither is read twice (the name is aria-label).
        <span className="w-full text-[0.625rem] leading-tight font-medium sm:text-xs">
          {/* 'Closed' is the one six-letter short word: 33.6 px wide at 10 px in Chromium, 0.6 px more
              than a cell has on a 320 px screen, so it is set a pixel smaller (30 px). */}
          <span className={cn('sm:hidden', state === 'closed' && 'text-[0.5625rem]')}>{shortLabel}</span>
          <span className="hidden sm:inline">{label}</span>
        </span>
      ) : null}
    </button>
  )
}

import { ChevronDown, ChevronLeft, ChevronRight } from 'lucide-react'
import { type KeyboardEvent, lazy, Suspense, useState } from 'react'
import {
  formatYearMonth,
  type MonthOptions,
  parseYearMonthKey,
  type YearMonth,
} from '#shared/calendar-months.ts'
import { cn } from '../lib/cn'
import { MONTH_TRIGGER_CLASS } from './month-trigger'
import { Button } from './ui/button'

// Radix Select and floating-ui are the heaviest code of the calendar; they load on the first hover,
// focus or press of the dropdown instead of with the page.
const loadMonthSelect = () => import('./month-select')
const MonthSelect = lazy(() => loadMonthSelect().then((m) => ({ default: m.MonthSelect })))
const OPEN_KEYS = new Set([' ', 'Enter', 'ArrowDown', 'ArrowUp'])

type Intent = { isOpen: boolean; isFocused: boolean }

export type MonthSelectorProps = {
  /**
   * The months offered around the shown one: admin mode (shared/admin-month-options.ts: every month 2023 →
   * current year + 2, prev/next always on) or public mode (publicMonthOptions: available months only). The
   * caller passes it, so the public pages do not carry the admin list.
   */
  monthOptions: (reference: YearMonth, now: Date) => MonthOptions
  value: YearMonth | null
  onChange: (month: YearMonth) => void
  isDisabled?: boolean
  className?: string
}

/** Reusable month selector: previous/next buttons around a month dropdown. */
export function MonthSelector({
  monthOptions,
  value,
  onChange,
  isDisabled = false,
  className,
}: MonthSelectorProps) {
  const now = new Date()
  const reference = value ?? { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 }
  const { options, previous, next } = monthOptions(reference, now)

  const [intent, setIntent] = useState<Intent | null>(null)

  function select(key: string) {
    const month = parseYearMonthKey(key)
    if (month) onChange(month)
  }

  function prefetch() {
    void loadMonthSelect()
  }

  function handleKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (!OPEN_KEYS.has(event.key)) return
    event.preventDefault()
    setIntent({ isOpen: true, isFocused: true })
  }

  // Looks and reads like the Radix trigger (combobox, same name and text); pressing it opens the real one.
  const standIn = (
    <button
      type="button"
      role="combobox"
      aria-label="Month"
      aria-expanded={false}
      aria-autocomplete="none"
      data-state="closed"
      data-placeholder={value ? undefined : ''}
      disabled={isDisabled}
      className={MONTH_TRIGGER_CLASS}
      onPointerEnter={prefetch}
      // Focus only prefetches: swapping in the real trigger here unmounted the focused stand-in, and a Tab
      // landed on nothing (the body) until the chunk arrived. A press (below) swaps it, focused and open.
      onFocus={prefetch}
      onPointerDown={(event) => {
        if (event.button !== 0) return
        event.preventDefault()
        setIntent({ isOpen: true, isFocused: true })
      }}
      onClick={() => setIntent({ isOpen: true, isFocused: true })}
      onKeyDown={handleKeyDown}
    >
      <span className="pointer-events-none">{value ? formatYearMonth(value) : 'Select month'}</span>
      <span aria-hidden="true">
        <ChevronDown className="size-4" aria-hidden="true" />
      </span>
    </button>
  )

  return (
    <div className={cn('flex items-center gap-2', className)}>
      <Button
        variant="outline"
        size="icon"
        aria-label="Previous month"
        disabled={isDisabled || !previous}
        onClick={() => previous && onChange(previous)}
      >
        <ChevronLeft aria-hidden="true" />
      </Button>
      {intent ? (
        <Suspense fallback={standIn}>
          <MonthSelect
            value={value}
            options={options}
            onSelect={select}
            isDisabled={isDisabled}
            isOpenAtMount={intent.isOpen}
            isFocusedAtMount={intent.isFocused}
          />
        </Suspense>
      ) : (
        standIn
      )}
      <Button
        variant="outline"
        size="icon"
        aria-label="Next month"
        disabled={isDisabled || !next}
        onClick={() => next && onChange(next)}
      >
        <ChevronRight aria-hidden="true" />
      </Button>
    </div>
  )
}

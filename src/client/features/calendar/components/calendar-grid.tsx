import {
  dayCellState,
  formatYearMonth,
  monthGrid,
  WEEKDAY_HEADERS,
  type YearMonth,
} from '#shared/calendar-months.ts'
import type { CalendarDayDto } from '#shared/dto.ts'
import { useDayActions } from '../hooks/use-day-actions'
import { DayCell } from './day-cell'

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

type CalendarGridProps = {
  month: YearMonth
  days: CalendarDayDto[]
  cartDayIds: ReadonlySet<string>
  showPricing: boolean
  /** The town's date from the server: dates before it are Past. */
  today: string | undefined
  /** The month's mailing takes no orders: its dates without a day read Closed, not 'not opened yet'. */
  isMailingClosed?: boolean
}

/** The Sun–Sat month grid: one button per date, blanks before the 1st and after the last. */
export function CalendarGrid({
  month,
  days,
  cartDayIds,
  showPricing,
  today,
  isMailingClosed = false,
}: CalendarGridProps) {
  const onDayClick = useDayActions()
  const byDate = new Map(days.map((d) => [d.date, d]))

  return (
    <table className="w-full table-fixed border-separate border-spacing-0.5 sm:border-spacing-1">
      <caption className="sr-only">{formatYearMonth(month)}</caption>
      <thead>
        <tr>
          {WEEKDAY_HEADERS.map((name, i) => (
            <th key={name} scope="col" className="py-1 text-xs font-semibold text-slate-700 sm:text-sm">
              <abbr title={WEEKDAY_NAMES[i]} className="no-underline">
                {name}
              </abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthGrid(month).map((week) => (
          <tr key={week.find(Boolean)}>
            {week.map((date, i) => {
              if (!date) return <td key={`blank-${WEEKDAY_HEADERS[i]}`} />
              const day = byDate.get(date)
              const state = dayCellState(
                day,
                cartDayIds,
                today !== undefined && date < today,
                isMailingClosed,
              )
              return (
                <td key={date} className="p-0">
                  <DayCell
                    date={date}
                    day={day}
                    state={state}
                    showPricing={showPricing}
                    onClick={() => onDayClick(date, day, state)}
                  />
                </td>
              )
            })}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

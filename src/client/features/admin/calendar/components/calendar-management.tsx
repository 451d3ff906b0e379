import { useState } from 'react'
import { MonthSelector } from '#client/components/month-selector.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { useLoadErrorToast } from '#client/features/admin/hooks/use-load-error-toast.ts'
import { adminMonthOptions } from '#shared/admin-month-options.ts'
import { currentYearMonth, parseYearMonthKey, type YearMonth } from '#shared/calendar-months.ts'
import { daysInMonth, toIsoDate } from '#shared/dates.ts'
import { useAdminCalendarDays } from '../api/get-admin-calendar-days'
import { useSellingMailings } from '../api/get-selling-months'
import { CalendarBulkActions } from './calendar-bulk-actions'
import { CalendarDaysTable } from './calendar-days-table'
import { CalendarFilterSheet, type CalendarFilters, EMPTY_CALENDAR_FILTERS } from './calendar-filter-sheet'
import { InitializeRangeCard } from './initialize-range-card'

const LOAD_ERROR = 'Failed to load calendar days. Please try again.'

/**
 * Calendar management: range card, then month navigator, filters, bulk actions and the table. It opens on
 * the earliest mailing on sale (the month the owner is selling), else on the current month.
 */
export function CalendarManagement() {
  const selling = useSellingMailings()
  const onSale = selling.data?.open[0]?.month
  return (
    <div className="space-y-6">
      <InitializeRangeCard />
      {selling.isPending ? (
        <Spinner label="Loading calendar days..." />
      ) : (
        <CalendarMonthDays initialMonth={(onSale && parseYearMonthKey(onSale)) || currentYearMonth()} />
      )}
    </div>
  )
}

function CalendarMonthDays({ initialMonth }: { initialMonth: YearMonth }) {
  const [month, setMonth] = useState<YearMonth>(initialMonth)
  const [filters, setFilters] = useState<CalendarFilters>(EMPTY_CALENDAR_FILTERS)
  // The filter dates, when given, replace the month's own range.
  const query = {
    startDate: filters.startDate || toIsoDate(month.year, month.month, 1),
    endDate: filters.endDate || toIsoDate(month.year, month.month, daysInMonth(month.year, month.month)),
    status: filters.status,
    maxPrice: filters.maxPrice,
  }
  const { data, isPending, isError } = useAdminCalendarDays(query)
  useLoadErrorToast(isError, LOAD_ERROR)
  const days = data?.days ?? []

  function changeMonth(next: YearMonth) {
    setMonth(next)
    setFilters((current) => ({ ...current, startDate: '', endDate: '' }))
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <MonthSelector
          monthOptions={adminMonthOptions}
          value={month}
          onChange={changeMonth}
          className="w-full sm:w-auto"
        />
        <div className="flex flex-wrap gap-2">
          <CalendarFilterSheet filters={filters} onApply={setFilters} />
          <CalendarBulkActions days={days} />
        </div>
      </div>
      {isPending ? (
        <Spinner label="Loading calendar days..." />
      ) : isError && !data ? (
        <p className="rounded-md border border-red-200 bg-red-50 p-4 text-red-900">{LOAD_ERROR}</p>
      ) : days.length === 0 ? (
        <p className="rounded-md border border-slate-200 p-6 text-center text-slate-700">
          No calendar days available for this month.
        </p>
      ) : (
        <CalendarDaysTable days={days} />
      )}
    </div>
  )
}

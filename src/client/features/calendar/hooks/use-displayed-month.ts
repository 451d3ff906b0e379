import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { useSiteSettings } from '#client/lib/site-settings.ts'
import { initialCalendarMonth, parseYearMonthKey, type YearMonth } from '#shared/calendar-months.ts'
import { useAvailableMonths } from '../api/get-available-months'

/**
 * The month the public calendar shows: the visitor's choice once made, before that the initial month
 * (initialCalendarMonth: the link's ?month=YYYY-MM when it is for sale, else the default), decided when
 * settings and available months have both answered (or failed).
 */
export function useDisplayedMonth() {
  const settings = useSiteSettings()
  const months = useAvailableMonths()
  const [searchParams] = useSearchParams()
  const [chosen, setChosen] = useState<YearMonth | null>(null)

  const isSettled = !settings.isPending && !months.isPending
  const availableMonths = months.data?.months ?? []
  // Months whose sales have closed but which are not mailed yet: offered to look at, never opened on.
  const closedMonths = months.data?.closedMonths ?? []
  const initial = isSettled
    ? initialCalendarMonth({
        defaultMonth: settings.data?.defaultMonth ?? null,
        defaultYear: settings.data?.defaultYear ?? null,
        // A failed list says nothing about the default month: keep it rather than guess.
        availableMonths: months.error ? null : availableMonths,
        requested: parseYearMonthKey(searchParams.get('month') ?? ''),
      })
    : null

  return {
    month: chosen ?? initial,
    setMonth: setChosen,
    availableMonths,
    closedMonths,
    monthsError: months.error,
    isLoading: !isSettled,
  }
}

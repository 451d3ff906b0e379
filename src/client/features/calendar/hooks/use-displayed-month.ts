import { useState } from 'react'
import { useSiteSettings } from '#client/lib/site-settings.ts'
import { initialCalendarMonth, type YearMonth } from '#shared/calendar-months.ts'
import { useAvailableMonths } from '../api/get-available-months'

/**
 * The month the public calendar shows: the visitor's choice once made, before that the initial month
 * (initialCalendarMonth), decided when settings and available months have both answered (or failed).
 */
export function useDisplayedMonth() {
  const settings = useSiteSettings()
  const months = useAvailableMonths()
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

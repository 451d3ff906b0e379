import { useEffect, useMemo } from 'react'
import { MonthSelector } from '#client/components/month-selector.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { useCart } from '#client/features/cart/use-cart.ts'
import { publicMonthOptions } from '#shared/calendar-months.ts'
import { mailingScheduleText } from '#shared/mailing-texts.ts'
import { useCalendarMonth } from '../api/get-calendar-month'
import { useDisplayedMonth } from '../hooks/use-displayed-month'
import { CalendarGrid } from './calendar-grid'

/**
 * The public calendar: month navigator, the displayed month's mailing dates,
 * Sun–Sat grid and day cells. `showPricing` is false on the home page, where cells show no
 * prices.
 */
export function CalendarSection({ showPricing }: { showPricing: boolean }) {
  const { month, setMonth, availableMonths, closedMonths, monthsError, isLoading } = useDisplayedMonth()
  const daysQuery = useCalendarMonth(month)
  const { cart } = useCart()
  const cartDayIds = useMemo(() => new Set(cart.calendarDays.map((d) => d.id)), [cart.calendarDays])

  useEffect(() => {
    if (monthsError) {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: 'Failed to load available months. Please try again.',
      })
    }
  }, [monthsError])

  useEffect(() => {
    if (daysQuery.error) {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: 'Failed to load calendar days. Please try again.',
      })
    }
  }, [daysQuery.error])

  const isShowingDays = !isLoading && month !== null && daysQuery.isSuccess
  const mailing = isShowingDays ? daysQuery.data.mailing : undefined
  const schedule = mailingScheduleText(mailing)

  return (
    <div className="space-y-4">
      <MonthSelector
        // A month whose sales have closed (not yet mailed) can still be looked at: its days read Closed.
        monthOptions={(reference, now) =>
          publicMonthOptions(reference, [...availableMonths, ...closedMonths], now)
        }
        value={month}
        onChange={setMonth}
        isDisabled={isLoading}
      />
      {schedule ? <p className="text-sm text-slate-800 sm:text-base">{schedule}</p> : null}
      {isLoading || !month || daysQuery.isPending ? (
        // Holds the space of a five-week grid so the page does not jump when the days arrive (the same
        // spinner as calendar-placeholder.tsx, written out so this module does not import that one).
        <Spinner label="Loading calendar..." className="min-h-[23rem] sm:min-h-[28rem]" />
      ) : daysQuery.isError ? (
        <div className="space-y-3 py-6 text-center">
          <p className="text-slate-700">The calendar could not be loaded.</p>
          <Button variant="outline" onClick={() => daysQuery.refetch()}>
            Try Again
          </Button>
        </div>
      ) : daysQuery.data.days.length === 0 ? (
        <p className="py-6 text-center text-slate-700">No calendar days available for this month.</p>
      ) : (
        <CalendarGrid
          month={month}
          days={daysQuery.data.days}
          cartDayIds={cartDayIds}
          showPricing={showPricing}
          today={daysQuery.data.today}
          isMailingClosed={mailing ? mailing.status !== 'open' : false}
        />
      )}
    </div>
  )
}

import { useNavigate, useParams } from 'react-router'
import { PageContainer, PageTitle } from '#client/app/layout/page-section.tsx'
import { useDocumentTitle } from '#client/app/use-document-title.ts'
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { useCalendarDay } from '#client/features/calendar/api/get-calendar-day.ts'
import type { BookingDetails } from '#client/features/cart/checkout-validation.ts'
import { validateBookingDetails } from '#client/features/cart/checkout-validation.ts'
import { BookingInformation } from '#client/features/cart/components/booking-information.tsx'
import { startDayCheckout, unavailableDaysOf } from '#client/features/cart/start-checkout.ts'
import { ApiError } from '#client/lib/api-client.ts'
import { formatDayDate, formatPrice } from '#shared/format.ts'

/** Single-day checkout. Failed or unavailable checkouts go back to /. */
export function DayCheckoutPage() {
  useDocumentTitle('Checkout')
  const { dayId = '' } = useParams()
  const dayQuery = useCalendarDay(dayId)
  const navigate = useNavigate()
  const day = dayQuery.data

  async function submit(details: BookingDetails) {
    if (!day) return
    // The message names the day, e.g. 'Tuesday, December 1, 2026 is no longer available for booking.'
    const takenMessage = `${formatDayDate(day.date)} is no longer available for booking.`
    if (day.status !== 'available') {
      toast({ variant: 'destructive', title: 'Day Unavailable', description: takenMessage })
      navigate('/')
      return
    }
    try {
      window.location.assign(await startDayCheckout({ dayId: day.id, ...details }))
    } catch (error) {
      const taken = error instanceof ApiError && error.status === 409
      // Over the hold limits (checkouts in progress per connection and per e-mail): the server says why.
      const limited = error instanceof ApiError && error.status === 429
      toast({
        variant: 'destructive',
        title: taken ? 'Day Unavailable' : limited ? 'Too Many Checkouts' : 'Checkout Failed',
        description: taken
          ? (unavailableDaysOf(error)[0]?.message ?? takenMessage)
          : limited
            ? error.message
            : 'There was a problem processing your booking. Please try again.',
      })
      navigate('/')
    }
  }

  return (
    <PageContainer className="max-w-2xl space-y-6">
      <PageTitle>Checkout</PageTitle>
      {dayQuery.isPending ? (
        <Spinner label="Loading day..." />
      ) : !day ? (
        <p className="text-slate-700">Day not found.</p>
      ) : (
        <Card>
          <CardHeader>
            <CardTitle className="text-xl">{formatDayDate(day.date)}</CardTitle>
            <p className="text-lg font-semibold text-slate-900">{formatPrice(day.price)}</p>
            {day.status === 'available' ? null : (
              <p className="text-sm text-red-800">
                {formatDayDate(day.date)} is no longer available for booking.
              </p>
            )}
          </CardHeader>
          <CardContent>
            <BookingInformation
              submitLabel="Proceed to Payment"
              validate={validateBookingDetails}
              onSubmit={submit}
            />
          </CardContent>
        </Card>
      )}
    </PageContainer>
  )
}

import { type FormEvent, useState } from 'react'
import { skippedDaysText } from '../../../../../shared/calendar-admin'
import { Button } from '../../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card'
import { Input } from '../../../../components/ui/input'
import { Label } from '../../../../components/ui/label'
import { toast } from '../../../../components/ui/use-toast'
import { errorDescription } from '../../hooks/error-message'
import { useInitializeCalendarRange } from '../api/initialize-calendar-range'

/** Spec section 9: range initialisation defaults to 120 (minimum 0). */
export const DEFAULT_RANGE_PRICE = 120

/**
 * Spec section 4: every date in the range becomes available at the price (created when missing), except
 * days a pending or paid order holds: the toast lists those.
 */
export function InitializeRangeCard() {
  const [startDate, setStartDate] = useState('')
  const [endDate, setEndDate] = useState('')
  const [price, setPrice] = useState(String(DEFAULT_RANGE_PRICE))
  const initialize = useInitializeCalendarRange()

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const value = Number(price)
    if (!startDate || !endDate || !Number.isFinite(value) || value < 0) {
      toast({
        variant: 'destructive',
        title: 'Missing Information',
        description: 'Please choose a start date, an end date and a price of 0 or more.',
      })
      return
    }
    initialize.mutate(
      { startDate, endDate, price: value },
      {
        onSuccess: ({ created, updated, skipped }) =>
          toast({
            title: 'Days Initialized',
            // Days a pending or paid order holds keep their status, name and price (issue 10).
            description: [`${created} days created and ${updated} days updated.`, skippedDaysText(skipped)]
              .filter(Boolean)
              .join(' '),
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Initialization Failed',
            description: errorDescription(error, 'Failed to initialize the calendar days. Please try again.'),
          }),
      },
    )
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Initialize Date Range</CardTitle>
        <CardDescription>Make every day in a range available at one price.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4 sm:grid-cols-[1fr_1fr_10rem_auto] sm:items-end" onSubmit={handleSubmit}>
          <div className="space-y-2">
            <Label htmlFor="init-start-date">Start Date</Label>
            <Input
              id="init-start-date"
              type="date"
              required
              value={startDate}
              onChange={(e) => setStartDate(e.target.value)}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="init-end-date">End Date</Label>
            <Input
              id="init-end-date"
              type="date"
              required
              min={startDate || undefined}
              value={endDate}
              onChange={(e) => setEndDate(e.target.value)}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="init-price">Price</Label>
            <Input
              id="init-price"
              type="number"
              min={0}
              step="0.01"
              value={price}
              onChange={(e) => setPrice(e.target.value)}
            />
          </div>
          <Button type="submit" disabled={initialize.isPending}>
            {initialize.isPending ? 'Initializing...' : 'Initialize Days'}
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}

import { type FormEvent, useRef, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { ConfirmDialog } from '#client/features/admin/components/confirm-dialog.tsx'
import { errorDescription } from '#client/features/admin/hooks/error-message.ts'
import {
  adminDateRangeMessage,
  datesOutsideAdminBounds,
  initializeRangeSummary,
  skippedDaysText,
} from '#shared/calendar-admin.ts'
import { formatPrice } from '#shared/format.ts'
import { plural } from '#shared/plural.ts'
import {
  type InitializeRangeInput,
  useInitializeCalendarRange,
  usePreviewCalendarRange,
} from '../api/initialize-calendar-range'

/** Range initialisation defaults to 120 (minimum 0). */
export const DEFAULT_RANGE_PRICE = 120

const RANGE_ERROR_ID = 'init-range-error'

function initializationFailed(error: unknown) {
  toast({
    variant: 'destructive',
    title: 'Initialization Failed',
    description: errorDescription(error, 'Failed to initialize the calendar days. Please try again.'),
  })
}

/**
 * Every date in the range becomes available at the price (created when missing), except days a pending
 * or paid order holds: the toast lists those. The dates stay within the admin
 * month navigator (as the server checks), and a dry run's counts are confirmed before anything changes.
 */
export function InitializeRangeCard() {
  const [startDate, setStartDate] = useState('')
  const [endDate, setEndDate] = useState('')
  const [price, setPrice] = useState(String(DEFAULT_RANGE_PRICE))
  const [outside, setOutside] = useState<Array<'startDate' | 'endDate'>>([])
  const [pending, setPending] = useState<{ input: InitializeRangeInput; summary: string } | null>(null)
  const startRef = useRef<HTMLInputElement>(null)
  const endRef = useRef<HTMLInputElement>(null)
  const preview = usePreviewCalendarRange()
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
    const range = { startDate, endDate }
    const invalid = datesOutsideAdminBounds(range)
    setOutside(invalid)
    if (invalid.length > 0) {
      // The message sits under the fields; focus goes to the first one to fix.
      ;(invalid[0] === 'startDate' ? startRef : endRef).current?.focus()
      return
    }
    const input = { ...range, price: value }
    preview.mutate(input, {
      onSuccess: ({ created, updated, skipped }) =>
        setPending({
          input,
          summary: initializeRangeSummary(range, formatPrice(value), {
            created,
            updated,
            skipped: skipped.length,
          }),
        }),
      onError: initializationFailed,
    })
  }

  function confirm() {
    if (!pending) return
    initialize.mutate(pending.input, {
      onSuccess: ({ created, updated, skipped }) =>
        toast({
          title: 'Days Initialized',
          // Days a pending or paid order holds keep their status, name and price.
          description: [
            `${plural(created, 'day')} created and ${plural(updated, 'day')} updated.`,
            skippedDaysText(skipped),
          ]
            .filter(Boolean)
            .join(' '),
        }),
      onError: initializationFailed,
    })
  }

  const dateErrorProps = (field: 'startDate' | 'endDate') =>
    outside.includes(field) ? { 'aria-invalid': true, 'aria-describedby': RANGE_ERROR_ID } : {}
  const isBusy = preview.isPending || initialize.isPending

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
              ref={startRef}
              type="date"
              required
              value={startDate}
              onChange={(e) => {
                setStartDate(e.target.value)
                setOutside([])
              }}
              {...dateErrorProps('startDate')}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="init-end-date">End Date</Label>
            <Input
              id="init-end-date"
              ref={endRef}
              type="date"
              required
              min={startDate || undefined}
              value={endDate}
              onChange={(e) => {
                setEndDate(e.target.value)
                setOutside([])
              }}
              {...dateErrorProps('endDate')}
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
          <Button type="submit" disabled={isBusy}>
            {initialize.isPending ? 'Initializing...' : 'Initialize Days'}
          </Button>
          {outside.length > 0 ? (
            <p id={RANGE_ERROR_ID} className="text-sm text-red-700 sm:col-span-4">
              {adminDateRangeMessage()}
            </p>
          ) : null}
        </form>
      </CardContent>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title="Initialize Date Range"
        description={pending?.summary ?? ''}
        confirmLabel="Initialize Days"
        onConfirm={confirm}
      />
    </Card>
  )
}

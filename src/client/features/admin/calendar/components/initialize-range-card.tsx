import { ChevronDown } from 'lucide-react'
import { type FormEvent, useId, useRef, useState } from 'react'
import { DisclosureContent, useDisclosure } from '#client/components/disclosure.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { ConfirmDialog } from '#client/features/admin/components/confirm-dialog.tsx'
import { errorDescription } from '#client/features/admin/hooks/error-message.ts'
import { ApiError } from '#client/lib/api-client.ts'
import { cn } from '#client/lib/cn.ts'
import {
  adminDateRangeMessage,
  datesOutsideAdminBounds,
  FREE_DAYS_WARNING,
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
const FREE_HINT_ID = 'init-price-free'

/** Below the 768 px mobile breakpoint the card starts folded: the month's days come first on a phone. */
const startsOpen = () =>
  typeof window.matchMedia !== 'function' || !window.matchMedia('(max-width: 767px)').matches

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
 * The dry run's refusal of a mailing closed for sales is said in the form, and a $0 price is pointed out
 * under the field and in the confirmation.
 */
export function InitializeRangeCard() {
  const [startDate, setStartDate] = useState('')
  const [endDate, setEndDate] = useState('')
  const [price, setPrice] = useState(String(DEFAULT_RANGE_PRICE))
  const [outside, setOutside] = useState<Array<'startDate' | 'endDate'>>([])
  /** The server's refusal of the range (a mailing closed for sales), shown in the form. */
  const [refusal, setRefusal] = useState<string | null>(null)
  const [isOpen, setIsOpen] = useState(startsOpen)
  const disclosure = useDisclosure(isOpen, setIsOpen)
  const titleId = useId()
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
    setRefusal(null)
    preview.mutate(input, {
      onSuccess: ({ created, updated, skipped }) =>
        setPending({
          input,
          summary: [
            initializeRangeSummary(range, formatPrice(value), {
              created,
              updated,
              skipped: skipped.length,
            }),
            value === 0 ? FREE_DAYS_WARNING : '',
          ]
            .filter(Boolean)
            .join(' '),
        }),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409 && error.hasServerMessage) {
          setRefusal(error.message)
          startRef.current?.focus()
        } else initializationFailed(error)
      },
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
    outside.includes(field) || refusal ? { 'aria-invalid': true, 'aria-describedby': RANGE_ERROR_ID } : {}
  const isFree = price.trim() !== '' && Number(price) === 0
  const isBusy = preview.isPending || initialize.isPending

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl" id={titleId}>
          <button
            {...disclosure.triggerProps}
            className="flex w-full items-center justify-between gap-2 rounded-sm text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            Initialize Date Range
            <ChevronDown
              aria-hidden="true"
              className={cn('size-5 shrink-0 transition-transform', isOpen && 'rotate-180')}
            />
          </button>
        </CardTitle>
        <CardDescription>Make every day in a range available at one price.</CardDescription>
      </CardHeader>
      <DisclosureContent {...disclosure.contentProps}>
        <CardContent>
          <form
            aria-labelledby={titleId}
            className="grid gap-4 sm:grid-cols-[1fr_1fr_10rem_auto] sm:items-end"
            onSubmit={handleSubmit}
          >
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
                  setRefusal(null)
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
                  setRefusal(null)
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
                aria-describedby={isFree ? FREE_HINT_ID : undefined}
              />
            </div>
            <Button type="submit" disabled={isBusy}>
              {initialize.isPending ? 'Initializing...' : 'Initialize Days'}
            </Button>
            {isFree ? (
              <p id={FREE_HINT_ID} className="text-sm text-amber-900 sm:col-span-4">
                {FREE_DAYS_WARNING}
              </p>
            ) : null}
            {outside.length > 0 ? (
              <p id={RANGE_ERROR_ID} className="text-sm text-red-700 sm:col-span-4">
                {adminDateRangeMessage()}
              </p>
            ) : refusal ? (
              <p id={RANGE_ERROR_ID} role="alert" className="text-sm text-red-700 sm:col-span-4">
                {refusal}
              </p>
            ) : null}
          </form>
        </CardContent>
      </DisclosureContent>
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

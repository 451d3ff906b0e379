import { type FormEvent, type ReactNode, useState } from 'react'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { FieldError, fieldErrorProps } from '#client/components/ui/form-field.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '#client/components/ui/sheet.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { errorDescription, fieldErrorsOf } from '#client/features/admin/hooks/error-message.ts'
import { useSheetFocus } from '#client/features/admin/hooks/use-sheet-focus.ts'
import { formatPrice } from '#shared/format.ts'
import { type MonthKey, mailingMonthLabel } from '#shared/mailings.ts'
import type { AdminMailingOffersDto, AdminOfferDto, OfferState } from '#shared/offers.ts'
import { useExtendOffer, useMailingOffers, useResendOffer } from '../api/mailing-offers'
import { formatInstant } from '../mailing-display'

export const OFFER_STATE_LABELS: Record<OfferState, string> = {
  offered: 'Held',
  kept: 'Kept',
  released: 'Released',
  lapsed: 'Lapsed',
}

const STATE_VARIANT: Record<OfferState, 'warning' | 'success' | 'outline' | 'secondary'> = {
  offered: 'warning',
  kept: 'success',
  released: 'outline',
  lapsed: 'secondary',
}

/** extendOfferInputSchema's range, said the way the admin forms say a range. */
const MIN_EXTEND_DAYS = 1
const MAX_EXTEND_DAYS = 30
const EXTEND_MESSAGE = `Enter a whole number of days from ${MIN_EXTEND_DAYS} to ${MAX_EXTEND_DAYS}.`
const DEFAULT_EXTEND_DAYS = '7'

const cents = (amount: number) => formatPrice(amount / 100)

/**
 * Why a mailing has no offers: its priority window (taken from the defaults when the mailing was made) is 0,
 * which turns them off; nobody bought in the mailing before; or they are not made yet.
 */
export function noOffersText(data: AdminMailingOffersDto): string {
  if (data.windowDays === 0)
    return "No offers: this mailing's priority window is 0 days, which turns offers off. A mailing takes its window from New Mailing Defaults when it is made."
  if (data.offersMadeAt)
    return `No offers were made: nobody had a paid day or map icon in the mailing before (offers made ${formatInstant(data.offersMadeAt)}).`
  return "No offers made yet: they are made when the mailing's days are first set up while it is open for sale."
}

function sentText(offer: AdminOfferDto): string {
  if (!offer.sentAt) return 'Not sent yet'
  const times = offer.sentCount === 1 ? 'once' : `${offer.sentCount} times`
  return `${formatInstant(offer.sentAt)} (sent ${times})`
}

/**
 * A mailing's offers to returning advertisers (from its row's "Offers"): who was offered what, where each
 * stands, and for a held one, the offer e-mail again or a longer hold. Focus moves into the drawer when it
 * opens, and back to the button that opened it when it closes.
 */
export function MailingOffersDrawer({ month, onClose }: { month: MonthKey | null; onClose: () => void }) {
  const { data, isPending, isError } = useMailingOffers(month)
  const focus = useSheetFocus()
  const label = month ? mailingMonthLabel(month) : ''
  return (
    <Sheet open={month !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent {...focus} className="max-w-xl">
        <SheetHeader>
          <SheetTitle>Offers</SheetTitle>
          <SheetDescription>
            {`The spots of last mailing's advertisers held for them in the ${label} mailing.`}
          </SheetDescription>
        </SheetHeader>
        {isPending ? (
          <Spinner label="Loading offers..." />
        ) : isError || !data ? (
          <p className="rounded-md border border-red-200 bg-red-50 p-4 text-red-900">
            Failed to load the offers. Please try again.
          </p>
        ) : (
          <OffersList data={data} />
        )}
      </SheetContent>
    </Sheet>
  )
}

function OffersList({ data }: { data: AdminMailingOffersDto }) {
  if (data.offers.length === 0) return <p className="text-slate-800">{noOffersText(data)}</p>
  const held = data.offers.filter((offer) => offer.state === 'offered').length
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-800">
        {`${data.offers.length} ${data.offers.length === 1 ? 'offer' : 'offers'}, ${held} still held.`}
        {data.offersMadeAt ? ` Made ${formatInstant(data.offersMadeAt)}.` : ''}
      </p>
      <ul className="space-y-4">
        {data.offers.map((offer) => (
          <OfferItem key={offer.id} offer={offer} />
        ))}
      </ul>
    </div>
  )
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-semibold">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  )
}

function OfferItem({ offer }: { offer: AdminOfferDto }) {
  const headingId = `admin-offer-${offer.id}`
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="space-y-3 rounded-md border border-slate-200 p-4 text-sm"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={headingId} className="break-words font-sans text-base font-semibold">
            {offer.businessName}
          </h3>
          <Badge variant={STATE_VARIANT[offer.state]}>{OFFER_STATE_LABELS[offer.state]}</Badge>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <Row term="E-mail">
            <a
              href={`mailto:${offer.email}`}
              className="break-all text-blue-700 underline underline-offset-4 hover:text-blue-800"
            >
              {offer.email}
            </a>
          </Row>
          <Row term="Phone">{offer.phone ?? 'None on file'}</Row>
          <Row term="Lines">
            <ul>
              {offer.lines.map((line) => (
                <li key={line.id}>{`${line.description}: ${cents(line.amountCents)}`}</li>
              ))}
            </ul>
          </Row>
          <Row term="Total">{cents(offer.totalCents)}</Row>
          {offer.state === 'offered' ? <Row term="Held until">{offer.expiresText}</Row> : null}
          {offer.state === 'lapsed' ? <Row term="Hold ended">{offer.expiresText}</Row> : null}
          <Row term="Offer e-mail">{sentText(offer)}</Row>
          <Row term="Purchase">{offer.purchaseReference}</Row>
        </dl>
        {offer.state === 'offered' ? <OfferActions offer={offer} describedBy={headingId} /> : null}
      </article>
    </li>
  )
}

function OfferActions({ offer, describedBy }: { offer: AdminOfferDto; describedBy: string }) {
  const resend = useResendOffer()
  const extend = useExtendOffer()
  const [days, setDays] = useState(DEFAULT_EXTEND_DAYS)
  const [error, setError] = useState<string | undefined>()
  const inputId = `${describedBy}-extend`
  const errorId = `${inputId}-error`

  function handleResend() {
    resend.mutate(offer.id, {
      onSuccess: (sent) =>
        toast({ title: 'Offer E-mail Queued', description: `The offer goes to ${sent.email} again.` }),
      onError: (failure) =>
        toast({
          variant: 'destructive',
          title: 'Re-send Failed',
          description: errorDescription(failure, 'Failed to queue the offer e-mail. Please try again.'),
        }),
    })
  }

  function handleExtend(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const value = Number(days)
    if (
      days.trim() === '' ||
      !Number.isInteger(value) ||
      value < MIN_EXTEND_DAYS ||
      value > MAX_EXTEND_DAYS
    ) {
      setError(EXTEND_MESSAGE)
      document.getElementById(inputId)?.focus()
      return
    }
    setError(undefined)
    extend.mutate(
      { id: offer.id, days: value },
      {
        onSuccess: (extended) =>
          toast({
            title: 'Hold Extended',
            description: `${extended.businessName}: held until ${extended.expiresText}.`,
          }),
        onError: (failure) => {
          const fieldError = fieldErrorsOf(failure, ['days'] as const).days
          setError(fieldError)
          toast({
            variant: 'destructive',
            title: 'Extend Failed',
            description: errorDescription(failure, 'Failed to extend the hold. Please try again.'),
          })
        },
      },
    )
  }

  return (
    <div className="flex flex-wrap items-end gap-3 border-t border-slate-200 pt-3">
      <Button
        size="sm"
        variant="outline"
        aria-describedby={describedBy}
        disabled={resend.isPending}
        onClick={handleResend}
      >
        {resend.isPending ? 'Sending...' : 'Re-send'}
      </Button>
      <form className="flex flex-wrap items-end gap-2" onSubmit={handleExtend} noValidate>
        <div className="space-y-1">
          <Label htmlFor={inputId}>
            Extend by (days)<span className="sr-only"> the hold of {offer.businessName}</span>
          </Label>
          <Input
            id={inputId}
            type="number"
            inputMode="numeric"
            className="w-24"
            min={MIN_EXTEND_DAYS}
            max={MAX_EXTEND_DAYS}
            step={1}
            value={days}
            onChange={(e) => {
              setDays(e.target.value)
              setError(undefined)
            }}
            {...fieldErrorProps(error, errorId)}
          />
        </div>
        <Button type="submit" size="sm" disabled={extend.isPending} aria-describedby={describedBy}>
          {extend.isPending ? 'Extending...' : 'Extend'}
        </Button>
      </form>
      <div className="basis-full">
        <FieldError id={errorId} error={error} />
      </div>
    </div>
  )
}

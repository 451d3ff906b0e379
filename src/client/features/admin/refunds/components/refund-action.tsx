import { type FormEvent, useId, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Checkbox } from '#client/components/ui/checkbox.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import { FieldError, fieldErrorProps } from '#client/components/ui/form-field.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { fieldErrorsOf } from '#client/features/admin/hooks/error-message.ts'
import { ApiError } from '#client/lib/api-client.ts'
import { formatPrice } from '#shared/format.ts'
import {
  buyerRefundMessage,
  REFUND_REASON_MAX,
  REFUND_REASON_REQUIRED_MESSAGE,
  type RefundDto,
} from '#shared/refunds.ts'
import { sessionReference } from '#shared/session-reference.ts'
import { useCreateRefund } from '../api/create-refund'

export type RefundActionLine = { orderId: string; label: string; amountCents: number; status: string }

export const NOTHING_TO_REFUND_MESSAGE = 'Nothing to refund: no line of this checkout is paid.'
/** The reason is written to the buyer: the refund e-mail quotes it (when the buyer is e-mailed). */
export const REFUND_REASON_BUYER_HINT = 'The buyer will read this in their refund e-mail.'
export const REFUND_REASON_KEPT_HINT = 'Kept with the refund in the checkout; the buyer is not e-mailed.'

const money = (cents: number) => formatPrice(cents / 100)

/** What the admin is told once the server answered (the answer says whether the provider confirmed yet). */
export function refundToastTitle(refund: Pick<RefundDto, 'status' | 'amountCents'>): string {
  const amount = money(refund.amountCents)
  return refund.status === 'requested'
    ? `Refund of ${amount} requested. The order becomes refunded when the payment provider confirms.`
    : `Refund of ${amount} issued.`
}

/** The provider's refusal (502/503) carries a message the admin must read; other 5xx are ours. */
function refundErrorMessage(error: unknown): string {
  if (
    error instanceof ApiError &&
    error.hasServerMessage &&
    (error.status < 500 || error.code === 'bad_gateway' || error.code === 'unavailable')
  )
    return error.message
  return 'The refund could not be made. Please try again.'
}

/**
 * The Refund action of one checkout: per line or the whole checkout. The confirmation shows the
 * amount, asks for a reason and whether to e-mail the buyer; the server refunds through the payment
 * provider. A line is refunded in full or not at all, so the amount is the selected lines' total.
 */
export function RefundAction({ checkoutKey, lines }: { checkoutKey: string; lines: RefundActionLine[] }) {
  const paidLines = lines.filter((line) => line.status === 'paid')
  const [open, setOpen] = useState(false)
  const [selected, setSelected] = useState<string[]>([])
  const [reason, setReason] = useState('')
  const [emailBuyer, setEmailBuyer] = useState(true)
  const [reasonError, setReasonError] = useState<string | undefined>()
  const [formError, setFormError] = useState<string | null>(null)
  const refund = useCreateRefund()
  const id = useId()
  const hintId = `${id}-disabled`
  const reasonId = `${id}-reason`

  const chosen = paidLines.filter((line) => selected.includes(line.orderId))
  const amountCents = chosen.reduce((sum, line) => sum + line.amountCents, 0)

  function openDialog() {
    // Each opening starts from the whole checkout, no reason, and the buyer e-mailed.
    setSelected(paidLines.map((line) => line.orderId))
    setReason('')
    setEmailBuyer(true)
    setReasonError(undefined)
    setFormError(null)
    setOpen(true)
  }

  function toggle(orderId: string, checked: boolean) {
    setSelected((current) =>
      checked ? [...current, orderId] : current.filter((selectedId) => selectedId !== orderId),
    )
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setFormError(null)
    const trimmed = reason.trim()
    if (!trimmed) {
      setReasonError(REFUND_REASON_REQUIRED_MESSAGE)
      return
    }
    if (trimmed.length > REFUND_REASON_MAX) {
      setReasonError(`Use at most ${REFUND_REASON_MAX} characters.`)
      return
    }
    setReasonError(undefined)
    if (chosen.length === 0) {
      setFormError('Select at least one line to refund.')
      return
    }
    refund.mutate(
      { orderIds: chosen.map((line) => line.orderId), amountCents, reason: trimmed, emailBuyer },
      {
        onSuccess: (answer) => {
          toast({ title: refundToastTitle(answer) })
          setOpen(false)
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error, ['reason'] as const)
          if (fields.reason) setReasonError(fields.reason)
          else setFormError(refundErrorMessage(error))
        },
      },
    )
  }

  const noneSelected = chosen.length === 0
  return (
    <div>
      <Button
        type="button"
        variant="outline"
        disabled={paidLines.length === 0}
        aria-describedby={paidLines.length === 0 ? hintId : undefined}
        onClick={openDialog}
      >
        Refund
      </Button>
      {paidLines.length === 0 ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {NOTHING_TO_REFUND_MESSAGE}
        </p>
      ) : null}
      <Dialog open={open} onOpenChange={(next) => !refund.isPending && setOpen(next)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Refund</DialogTitle>
            <DialogDescription>
              Checkout {sessionReference(checkoutKey)}. The buyer gets back the full amount of the lines you
              select. A line is refunded in full or not at all; partial amounts are not supported.
            </DialogDescription>
          </DialogHeader>
          <form className="space-y-4" onSubmit={onSubmit} noValidate>
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-slate-900">Lines to refund</legend>
              {paidLines.map((line) => {
                const boxId = `${id}-line-${line.orderId}`
                return (
                  <div key={line.orderId} className="flex items-center gap-2">
                    <Checkbox
                      id={boxId}
                      checked={selected.includes(line.orderId)}
                      onCheckedChange={(checked) => toggle(line.orderId, checked === true)}
                    />
                    <Label htmlFor={boxId} className="font-normal">
                      {line.label} ({money(line.amountCents)})
                    </Label>
                  </div>
                )
              })}
            </fieldset>
            <p className="text-sm">
              <span className="font-medium">Amount: </span>
              <output aria-label="Amount" aria-live="polite">
                {money(amountCents)}
              </output>
            </p>
            <div className="space-y-2">
              <Label htmlFor={reasonId}>Reason</Label>
              <Textarea
                id={reasonId}
                rows={3}
                required
                maxLength={REFUND_REASON_MAX}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                {...fieldErrorProps(reasonError, `${reasonId}-error`, `${reasonId}-hint`)}
              />
              <p id={`${reasonId}-hint`} className="text-sm text-slate-600">
                {emailBuyer ? REFUND_REASON_BUYER_HINT : REFUND_REASON_KEPT_HINT}
              </p>
              <FieldError id={`${reasonId}-error`} error={reasonError} />
            </div>
            {emailBuyer ? (
              <figure
                aria-labelledby={`${id}-preview`}
                className="space-y-1 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm"
              >
                <figcaption id={`${id}-preview`} className="font-medium">
                  What the buyer reads in the refund e-mail
                </figcaption>
                <pre className="font-sans break-words whitespace-pre-wrap">
                  {buyerRefundMessage({
                    amountText: money(amountCents),
                    reference: sessionReference(checkoutKey),
                    itemLines: chosen.map((line) => `- ${line.label}: ${money(line.amountCents)}`),
                    reason: reason.trim() || '…',
                  }).join('\n')}
                </pre>
              </figure>
            ) : null}
            <div className="flex items-center gap-2">
              <Checkbox
                id={`${id}-email`}
                checked={emailBuyer}
                onCheckedChange={(checked) => setEmailBuyer(checked === true)}
              />
              <Label htmlFor={`${id}-email`} className="font-normal">
                E-mail the buyer
              </Label>
            </div>
            {formError ? (
              <p role="alert" className="text-sm text-red-700">
                {formError}
              </p>
            ) : null}
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline" disabled={refund.isPending}>
                  Cancel
                </Button>
              </DialogClose>
              <Button type="submit" variant="destructive" disabled={refund.isPending || noneSelected}>
                {refund.isPending ? 'Refunding...' : `Refund ${money(amountCents)}`}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  )
}

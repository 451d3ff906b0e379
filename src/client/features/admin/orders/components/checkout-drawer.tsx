import { type FormEvent, type ReactNode, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { FieldError, fieldErrorProps } from '#client/components/ui/form-field.tsx'
import { Label } from '#client/components/ui/label.tsx'
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '#client/components/ui/sheet.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { RefundAction } from '#client/features/admin/refunds/components/refund-action.tsx'
import type { CheckoutDetailDto } from '#shared/admin-checkouts.ts'
import { MAX_NOTE_LENGTH } from '#shared/admin-checkouts.ts'
import { ARTWORK_STATE_LABELS } from '#shared/artwork.ts'
import { formatPrice } from '#shared/format.ts'
import { INVOICE_TEXTS } from '#shared/invoices.ts'
import { useAddCheckoutNote, useCheckoutDetail } from '../api/get-admin-checkouts'
import { useSendInvoice } from '../api/send-invoice'
import { formatTimestamp, orderErrorDescription, orderSubject, orderTypeLabel } from '../order-display'
import { StatusBadge, statusSummary } from './checkout-row'

/** The checkout's detail drawer: everything about one payment, and the admin's notes. */
export function CheckoutDrawer({
  checkoutKey,
  onClose,
}: {
  checkoutKey: string | null
  onClose: () => void
}) {
  const { data, isPending, isError } = useCheckoutDetail(checkoutKey)
  return (
    <Sheet open={checkoutKey !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent className="max-w-xl">
        <SheetHeader>
          <SheetTitle>{data ? data.businessName : 'Checkout'}</SheetTitle>
          <SheetDescription>
            Checkout <span className="font-mono break-all">{checkoutKey}</span>
          </SheetDescription>
        </SheetHeader>
        {isPending ? (
          <Spinner label="Loading the checkout..." />
        ) : isError || !data ? (
          <p className="rounded-md border border-red-200 bg-red-50 p-4 text-red-900">
            Failed to load the checkout. Please try again.
          </p>
        ) : (
          <CheckoutDetails detail={data} />
        )}
      </SheetContent>
    </Sheet>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-2 text-sm">
      <h3 className="font-sans text-base font-semibold">{title}</h3>
      {children}
    </section>
  )
}

function CheckoutDetails({ detail }: { detail: CheckoutDetailDto }) {
  const refundLines = detail.lines.map((line) => ({
    orderId: line.id,
    label: `${orderTypeLabel(line.type)}: ${orderSubject(line)}`,
    amountCents: Math.round(line.amount * 100),
    status: line.status,
  }))
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold">Email</dt>
        <dd className="break-all">{detail.email}</dd>
        <dt className="font-semibold">Created</dt>
        <dd>{formatTimestamp(detail.createdAt)}</dd>
        <dt className="font-semibold">Source</dt>
        <dd>{detail.source}</dd>
        <dt className="font-semibold">Payment provider</dt>
        <dd>{detail.paymentProvider ?? 'none (manual order)'}</dd>
        <dt className="font-semibold">Payment reference</dt>
        <dd className="font-mono break-all">
          {detail.paymentIntentId ?? detail.paymentSessionId ?? '—'}
          {detail.paymentIntentId && detail.paymentSessionId ? (
            <span className="block text-xs text-slate-700">session {detail.paymentSessionId}</span>
          ) : null}
        </dd>
        <dt className="font-semibold">Total</dt>
        <dd>{formatPrice(detail.total)}</dd>
        <dt className="font-semibold">Status</dt>
        <dd>{statusSummary(detail)}</dd>
      </dl>

      <Section title="Lines">
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {detail.lines.map((line) => (
            <li key={line.id} className="flex flex-wrap items-center justify-between gap-2 p-2">
              <span>
                <span className="block">
                  {orderTypeLabel(line.type)}: {orderSubject(line)}
                </span>
                <span className="block font-mono text-xs text-slate-700">{line.id}</span>
                {line.artwork ? (
                  <span className="block text-xs">Artwork: {ARTWORK_STATE_LABELS[line.artwork]}</span>
                ) : null}
                {line.deletedAt ? (
                  <span className="block text-xs">
                    Deleted {formatTimestamp(line.deletedAt)} by {line.deletedBy}
                  </span>
                ) : null}
              </span>
              <span className="flex items-center gap-2">
                {formatPrice(line.amount)}
                <StatusBadge line={line} />
              </span>
            </li>
          ))}
        </ul>
        <RefundAction checkoutKey={detail.key} lines={refundLines} />
        {detail.source === 'manual' && detail.lines.some((l) => l.status === 'pending') ? (
          <SendInvoice checkoutKey={detail.key} email={detail.email} />
        ) : null}
      </Section>

      <Section title="Order History">
        {detail.lines.every((l) => l.history.length === 0) ? (
          <p className="text-slate-700">No changes recorded.</p>
        ) : (
          <ul className="space-y-1">
            {detail.lines.flatMap((line) =>
              line.history.map((entry, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: history entries are append-only and have no id.
                <li key={`${line.id}-${index}`}>
                  <span className="font-mono text-xs">{line.id}</span> {formatTimestamp(entry.at)}:{' '}
                  {entry.from ?? 'new'} → {entry.to} by {entry.by}
                </li>
              )),
            )}
          </ul>
        )}
      </Section>

      <Section title="E-mails Sent">
        {detail.emails.length === 0 ? (
          <p className="text-slate-700">No e-mails about this checkout.</p>
        ) : (
          <ul className="space-y-2">
            {detail.emails.map((email) => (
              <li key={email.id}>
                <span className="block font-medium">{email.subject}</span>
                <span className="block text-slate-700">
                  To {email.to} · {email.status}
                  {email.sentAt
                    ? ` ${formatTimestamp(email.sentAt)}`
                    : ` (queued ${formatTimestamp(email.createdAt)})`}
                </span>
                {email.lastError ? (
                  <span className="block text-red-800">Error: {email.lastError}</span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Refunds">
        {detail.refunds.length === 0 ? (
          <p className="text-slate-700">No refunds.</p>
        ) : (
          <ul className="space-y-2">
            {detail.refunds.map((refund) => (
              <li key={refund.id}>
                {refund.kind === 'late_payment'
                  ? 'Late payment refunded in full'
                  : formatPrice(refund.amount)}{' '}
                · {refund.status} · {formatTimestamp(refund.createdAt)}
                {refund.kind === 'late_payment' ? ' (automatic)' : ` by ${refund.requestedBy}`}
                <span className="block text-slate-700">
                  {refund.reason} ({refund.orderIds.join(', ')})
                </span>
                {refund.lastError ? (
                  <span className="block text-red-800">Error: {refund.lastError}</span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Internal Notes">
        {detail.notes.length === 0 ? (
          <p className="text-slate-700">No notes yet.</p>
        ) : (
          <ul className="space-y-2">
            {detail.notes.map((note) => (
              <li key={note.id}>
                <span className="block whitespace-pre-wrap">{note.body}</span>
                <span className="block text-xs text-slate-700">
                  {note.by}, {formatTimestamp(note.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
        <NoteForm checkoutKey={detail.key} />
      </Section>
    </div>
  )
}

function NoteForm({ checkoutKey }: { checkoutKey: string }) {
  const [body, setBody] = useState('')
  const [error, setError] = useState<string | undefined>()
  const addNote = useAddCheckoutNote(checkoutKey)
  const id = `note-${checkoutKey}`

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!body.trim()) {
      setError('Write the note.')
      return
    }
    setError(undefined)
    addNote.mutate(body, {
      onSuccess: () => {
        setBody('')
        toast({ title: 'Note Added' })
      },
      onError: (e) =>
        toast({
          variant: 'destructive',
          title: 'Note Not Added',
          description: orderErrorDescription(e, 'Failed to add the note. Please try again.'),
        }),
    })
  }

  return (
    <form className="space-y-2" onSubmit={submit} noValidate>
      <Label htmlFor={id}>New note</Label>
      <Textarea
        id={id}
        value={body}
        maxLength={MAX_NOTE_LENGTH}
        rows={3}
        onChange={(e) => setBody(e.target.value)}
        {...fieldErrorProps(error, `${id}-error`)}
      />
      <FieldError id={`${id}-error`} error={error} />
      <Button type="submit" size="sm" disabled={addNote.isPending}>
        Add Note
      </Button>
    </form>
  )
}

/** An order awaiting payment: its invoice (numbered PDF and pay link) goes to the buyer by e-mail. */
function SendInvoice({ checkoutKey, email }: { checkoutKey: string; email: string }) {
  const send = useSendInvoice(checkoutKey)
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      disabled={send.isPending}
      onClick={() =>
        send.mutate(undefined, {
          onSuccess: (invoice) => toast({ title: INVOICE_TEXTS.sent(invoice.number, email) }),
          onError: (error) =>
            toast({
              title: 'The invoice was not sent',
              description: orderErrorDescription(error, 'Please try again.'),
              variant: 'destructive',
            }),
        })
      }
    >
      {INVOICE_TEXTS.send}
    </Button>
  )
}

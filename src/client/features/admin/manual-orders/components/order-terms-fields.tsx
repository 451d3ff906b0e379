import { Checkbox } from '#client/components/ui/checkbox.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import {
  FREE_FEATURE_LABEL,
  MAX_MANUAL_AMOUNT_CENTS,
  type ManualOrderStatus,
  ZERO_AMOUNT_NEEDS_FREE_FEATURE_MESSAGE,
} from '#shared/admin-orders.ts'
import type { ManualOrderTerms } from '../api/manual-order-terms'

/** What the admin has typed and ticked; the amount stays text (dollars) until it is sent. */
export type OrderTermsState = {
  amount: string
  freeFeature: boolean
  status: ManualOrderStatus
  sendConfirmation: boolean
}

export const INITIAL_TERMS: OrderTermsState = {
  amount: '',
  freeFeature: false,
  status: 'paid',
  sendConfirmation: false,
}

export const INVALID_AMOUNT_MESSAGE = 'Enter the amount in dollars, for example 120 or 99.50.'

/** The amount field's text for a price in dollars: '120', '135.50'. */
export function amountText(dollars: number): string {
  return Number.isInteger(dollars) ? String(dollars) : dollars.toFixed(2)
}

/**
 * The terms to send, or the reason they cannot be: an empty amount is left to the server (the item's
 * price); a $0 amount must be a free feature (the server says the same, 422).
 */
export function termsToSend(terms: OrderTermsState): { terms: ManualOrderTerms } | { error: string } {
  const base = {
    freeFeature: terms.freeFeature,
    status: terms.status,
    sendConfirmation: terms.sendConfirmation,
  }
  if (terms.freeFeature) return { terms: { ...base, amountCents: 0 } }
  const text = terms.amount.trim().replace(/^\$/, '').replaceAll(',', '')
  if (text === '') return { terms: base }
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return { error: INVALID_AMOUNT_MESSAGE }
  const amountCents = Math.round(Number(text) * 100)
  if (amountCents > MAX_MANUAL_AMOUNT_CENTS) return { error: INVALID_AMOUNT_MESSAGE }
  if (amountCents === 0) return { error: ZERO_AMOUNT_NEEDS_FREE_FEATURE_MESSAGE }
  return { terms: { ...base, amountCents } }
}

/**
 * The terms of a manual order: the amount (prefilled with the chosen item's price by the form), the
 * free non-profit feature ($0, the amount locked), paid or pending, and the buyer's confirmation e-mail.
 */
export function OrderTermsFields({
  idPrefix,
  terms,
  price,
  onChange,
}: {
  idPrefix: string
  terms: OrderTermsState
  /** The chosen day's or icon's price in dollars, restored when the free feature is unticked. */
  price: number | null
  onChange: (terms: OrderTermsState) => void
}) {
  const set = (patch: Partial<OrderTermsState>) => onChange({ ...terms, ...patch })
  return (
    <>
      <div className="space-y-2">
        <Label htmlFor={`${idPrefix}-amount`}>Amount</Label>
        <div className="relative">
          <span aria-hidden="true" className="absolute top-1/2 left-3 -translate-y-1/2 text-slate-700">
            $
          </span>
          <Input
            id={`${idPrefix}-amount`}
            inputMode="decimal"
            autoComplete="off"
            className="pl-7"
            aria-describedby={`${idPrefix}-amount-hint`}
            value={terms.freeFeature ? '0' : terms.amount}
            disabled={terms.freeFeature}
            onChange={(e) => set({ amount: e.target.value })}
          />
        </div>
        <p id={`${idPrefix}-amount-hint`} className="text-sm text-slate-700">
          {terms.freeFeature
            ? 'A free feature is $0.'
            : 'In US dollars; the chosen item’s price unless you change it.'}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <Checkbox
          id={`${idPrefix}-free`}
          checked={terms.freeFeature}
          onCheckedChange={(checked) =>
            set({
              freeFeature: checked === true,
              ...(checked === true ? {} : { amount: price === null ? '' : amountText(price) }),
            })
          }
        />
        <Label htmlFor={`${idPrefix}-free`}>{FREE_FEATURE_LABEL}</Label>
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">Status</legend>
        {(
          [
            ['paid', 'Paid'],
            ['pending', 'Pending (awaiting payment)'],
          ] as const
        ).map(([value, label]) => (
          <div key={value} className="flex items-center gap-2">
            <input
              type="radio"
              id={`${idPrefix}-status-${value}`}
              name={`${idPrefix}-status`}
              value={value}
              checked={terms.status === value}
              onChange={() => set({ status: value })}
              className="size-4 accent-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
            />
            <Label htmlFor={`${idPrefix}-status-${value}`} className="font-normal">
              {label}
            </Label>
          </div>
        ))}
      </fieldset>
      <div className="flex items-center gap-2">
        <Checkbox
          id={`${idPrefix}-confirmation`}
          checked={terms.sendConfirmation}
          onCheckedChange={(checked) => set({ sendConfirmation: checked === true })}
        />
        <Label htmlFor={`${idPrefix}-confirmation`}>Send a confirmation e-mail to the buyer</Label>
      </div>
    </>
  )
}

/** The success toast's sentence: the order, paid or pending, and whether a confirmation is queued. */
export function orderCreatedText(orderId: string, terms: ManualOrderTerms): string {
  const state = terms.status === 'paid' ? 'marked paid' : 'marked pending (awaiting payment)'
  const mail = terms.sendConfirmation ? ' A confirmation e-mail to the buyer is queued.' : ''
  return `Order ${orderId} has been created and ${state}.${mail}`
}

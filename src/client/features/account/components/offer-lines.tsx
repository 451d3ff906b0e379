import { formatPrice } from '#shared/format.ts'
import { OFFER_TEXTS, previousDayText } from '#shared/offer-texts.ts'
import type { OfferDto } from '#shared/offers.ts'

/**
 * An offer's lines and total: each day (with the day of last mailing it renews when that was another date
 * of the month) or icon at its price. Cents are shown with formatPrice itself, not account-display's
 * formatCents, which would bring the account's texts into the offer page's bundle.
 */
export function OfferLines({ offer }: { offer: OfferDto }) {
  return (
    <div className="space-y-2">
      <ul className="divide-y divide-slate-200 border-t border-b border-slate-200">
        {offer.lines.map((line) => (
          <li key={line.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3">
            <div className="min-w-0 flex-1 space-y-1">
              <p className="break-words text-slate-900">{line.description}</p>
              {line.previousDate && line.date && line.previousDate.slice(8) !== line.date.slice(8) ? (
                <p className="text-sm text-slate-700">{previousDayText(line.previousDate)}</p>
              ) : null}
            </div>
            <p className="font-medium text-slate-900">{formatPrice(line.amountCents / 100)}</p>
          </li>
        ))}
      </ul>
      <dl className="flex justify-between gap-4 font-semibold text-slate-900">
        <dt>{OFFER_TEXTS.total}</dt>
        <dd>{formatPrice(offer.totalCents / 100)}</dd>
      </dl>
    </div>
  )
}

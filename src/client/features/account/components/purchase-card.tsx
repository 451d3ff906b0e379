import { Link } from 'react-router'
import { Button } from '#client/components/ui/button.tsx'
import { cn } from '#client/lib/cn.ts'
import type { AccountLineDto, AccountPurchaseDto } from '#shared/account.ts'
import { ACCOUNT_TEXTS, formatMonthDayYear, orderedOnText, orderHeadingText } from '#shared/account-texts.ts'
import {
  artworkStateText,
  formatCents,
  hasCalendarDays,
  lineStatusText,
  needsArtwork,
} from '../account-display'
import { BookAgainButton } from './book-again-button'
import { LineScansAndLink } from './line-scans-and-link'

function PurchaseLine({ line }: { line: AccountLineDto }) {
  const isRefunded = line.status === 'refunded'
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3">
      <div className="min-w-0 flex-1 space-y-1">
        <p className="break-words text-slate-900">{line.description}</p>
        <p className="text-sm text-slate-700">
          <span className={cn(isRefunded && 'font-semibold text-red-800')}>
            {lineStatusText(line.status)}
          </span>
          {needsArtwork(line) ? (
            <>
              {' · '}
              {ACCOUNT_TEXTS.artwork} {artworkStateText(line.artworkState)}
            </>
          ) : null}
        </p>
      </div>
      {/* A refunded line keeps its price, struck through: it is not in "Paid". */}
      <p className={cn('font-medium text-slate-900', isRefunded && 'text-slate-600 line-through')}>
        {formatCents(line.amountCents)}
      </p>
      {line.link ? <LineScansAndLink link={line.link} scans={line.scans} label={line.description} /> : null}
    </li>
  )
}

/** One purchase: its lines, what was paid and refunded, and its artwork, receipt and "Book again". */
export function PurchaseCard({ purchase }: { purchase: AccountPurchaseDto }) {
  const headingId = `purchase-${purchase.id}`
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h3 id={headingId} className="break-all text-xl text-slate-900">
            {orderHeadingText(purchase.reference)}
          </h3>
          <p className="text-sm text-slate-700">{orderedOnText(purchase.createdOn)}</p>
        </div>
        <ul className="divide-y divide-slate-200 border-t border-b border-slate-200">
          {purchase.lines.map((line) => (
            <PurchaseLine key={line.id} line={line} />
          ))}
        </ul>
        <dl className="space-y-1">
          <div className="flex justify-between gap-4 font-semibold text-slate-900">
            <dt>{ACCOUNT_TEXTS.paid}</dt>
            <dd>{formatCents(purchase.paidCents)}</dd>
          </div>
          {purchase.refunds.map((refund, index) => (
            <div
              // Refunds have no id of their own here; their order is the order they were made in.
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
              key={index}
              className="flex justify-between gap-4 text-slate-800"
            >
              <dt className="min-w-0 break-words">
                {ACCOUNT_TEXTS.refund} {formatMonthDayYear(refund.date)}
                {refund.reason ? ` (${refund.reason})` : null}
              </dt>
              <dd>{formatCents(-refund.amountCents)}</dd>
            </div>
          ))}
          {purchase.receiptNumber ? (
            <div className="flex justify-between gap-4 text-sm text-slate-700">
              <dt>{ACCOUNT_TEXTS.receiptNumber}</dt>
              <dd>{purchase.receiptNumber}</dd>
            </div>
          ) : null}
        </dl>
        <div className="flex flex-wrap items-center gap-3">
          {purchase.artworkPath ? (
            <Button asChild variant="outline">
              <Link to={purchase.artworkPath} aria-describedby={headingId}>
                {ACCOUNT_TEXTS.uploadArtwork}
              </Link>
            </Button>
          ) : null}
          {purchase.receiptPath ? (
            <Button asChild variant="outline">
              <a href={purchase.receiptPath} type="application/pdf" aria-describedby={headingId}>
                {ACCOUNT_TEXTS.receipt}
              </a>
            </Button>
          ) : null}
          {hasCalendarDays(purchase.lines) ? (
            <BookAgainButton purchaseId={purchase.id} describedBy={headingId} />
          ) : null}
        </div>
      </article>
    </li>
  )
}

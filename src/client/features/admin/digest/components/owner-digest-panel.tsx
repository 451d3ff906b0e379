import { type ReactNode, useId, useState } from 'react'
import { Link } from 'react-router'
import { DisclosureContent, useDisclosure } from '#client/components/disclosure.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { formatPrice } from '#shared/format.ts'
import {
  artworkDueLine,
  changesRequestedHeading,
  type DigestArtworkLineDto,
  type DigestMailingDto,
  missingArtworkHeading,
  notBookedYetHeading,
  OWNER_DIGEST_NOTHING,
  OWNER_DIGEST_TITLE,
  pendingOrdersHeading,
  printWarningsHeading,
  reviewAgainHeading,
  salesCloseLine,
} from '#shared/owner-digest.ts'
import { useOwnerDigest } from '../api/get-owner-digest'

const LOAD_ERROR = 'Failed to load what needs you today. Please try again.'

/** Items a list shows before "Show N more". */
const SHOWN = 5

const LINK = 'text-blue-700 underline underline-offset-4 hover:text-blue-900'

/**
 * The top of the Mailings screen: the same digest the owner is e-mailed each morning (GET /api/admin/digest),
 * per mailing: the fill rate against time, whom to call, what waits for payment, and the artwork that needs
 * someone.
 */
export function OwnerDigestPanel() {
  const { data, isPending, isError } = useOwnerDigest()
  const titleId = useId()
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{OWNER_DIGEST_TITLE}</CardTitle>
        <CardDescription className="text-slate-700">
          {data ? `${data.dateText}. ` : null}The same is e-mailed each morning at 7:00 when there is
          something to say.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {isPending ? (
          <Spinner label="Loading what needs you today..." className="py-6" />
        ) : isError && !data ? (
          <p className="rounded-md border border-red-200 bg-red-50 p-4 text-red-900">{LOAD_ERROR}</p>
        ) : data.isEmpty ? (
          <p className="text-slate-700">{OWNER_DIGEST_NOTHING}</p>
        ) : (
          data.mailings.map((mailing) => <DigestMailing key={mailing.month} mailing={mailing} />)
        )}
      </CardContent>
    </Card>
  )
}

function DigestMailing({ mailing }: { mailing: DigestMailingDto }) {
  const headingId = useId()
  const { sales, artwork } = mailing
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 border-t border-slate-200 pt-4 first:border-t-0 first:pt-0"
    >
      <h3 id={headingId} className="text-xl">
        {mailing.label} mailing
      </h3>
      {sales ? (
        <div className="space-y-3">
          <div>
            <p className="font-medium text-slate-900">{sales.summary}</p>
            <p className="text-sm text-slate-700">{salesCloseLine(sales)}</p>
          </div>
          {sales.previousMailing ? (
            <DigestList
              heading={notBookedYetHeading(sales.previousMailing.label, sales.notBookedYet.length)}
              items={sales.notBookedYet}
              itemKey={(a) => a.advertiserId}
              render={(a) => (
                <>
                  <span className="font-medium">{a.businessName}</span>,{' '}
                  {a.phone ? (
                    <a href={`tel:${a.phone}`} className={LINK}>
                      {a.phone}
                    </a>
                  ) : (
                    'no phone'
                  )}
                  ,{' '}
                  <a href={`mailto:${a.email}`} className={`${LINK} break-words`}>
                    {a.email}
                  </a>
                </>
              )}
            />
          ) : null}
          <DigestList
            heading={pendingOrdersHeading(sales.pendingOrders.length)}
            items={sales.pendingOrders}
            itemKey={(o) => o.purchaseId}
            render={(o) => (
              <>
                <span className="font-medium">{o.reference}</span>, {o.businessName},{' '}
                {formatPrice(o.amountCents / 100)}, since {o.sinceText}
              </>
            )}
          />
        </div>
      ) : null}
      {artwork ? (
        <div className="space-y-3">
          <p className="text-sm text-slate-700">
            {artworkDueLine(artwork)}.{' '}
            <Link to={`/admin/artwork?month=${mailing.month}`} className={LINK}>
              Artwork board: {mailing.label}
            </Link>
          </p>
          <ArtworkList heading={missingArtworkHeading} lines={artwork.missing} />
          <ArtworkList
            heading={changesRequestedHeading}
            lines={artwork.changesRequested}
            detail={(l) => (l.note ? `“${l.note}”` : null)}
          />
          <ArtworkList
            heading={printWarningsHeading}
            lines={artwork.printWarnings}
            detail={(l) => l.warning}
          />
          <ArtworkList
            heading={reviewAgainHeading}
            lines={artwork.reviewAgain}
            detail={(l) => `Re-uploaded ${l.uploadedText}${l.note ? `; you asked: “${l.note}”` : ''}`}
          />
        </div>
      ) : null}
    </section>
  )
}

function ArtworkList({
  heading,
  lines,
  detail,
}: {
  heading: (count: number) => string
  lines: DigestArtworkLineDto[]
  detail?: (line: DigestArtworkLineDto) => string | null
}) {
  return (
    <DigestList
      heading={heading(lines.length)}
      items={lines}
      itemKey={(l) => l.orderId}
      render={(l) => {
        const more = detail?.(l)
        return (
          <>
            {l.label}, <span className="font-medium">{l.businessName}</span>
            {more ? <span className="block text-xs text-slate-700">{more}</span> : null}
          </>
        )
      }}
    />
  )
}

/** A titled list (nothing when empty): the first few items, the rest behind "Show N more". */
function DigestList<T>({
  heading,
  items,
  itemKey,
  render,
}: {
  heading: string
  items: T[]
  itemKey: (item: T) => string
  render: (item: T) => ReactNode
}) {
  const [isOpen, setIsOpen] = useState(false)
  const disclosure = useDisclosure(isOpen, setIsOpen)
  const headingId = useId()
  if (items.length === 0) return null
  const rest = items.slice(SHOWN)
  const list = (shown: T[]) => (
    <ul aria-labelledby={headingId} className="list-disc space-y-1 pl-5 text-sm text-slate-900">
      {shown.map((item) => (
        <li key={itemKey(item)}>{render(item)}</li>
      ))}
    </ul>
  )
  return (
    <div className="space-y-1">
      <h4 id={headingId} className="text-base font-semibold text-slate-900">
        {heading}
      </h4>
      {list(items.slice(0, SHOWN))}
      {rest.length > 0 ? (
        <>
          <DisclosureContent {...disclosure.contentProps}>{list(rest)}</DisclosureContent>
          <button
            {...disclosure.triggerProps}
            className="text-sm text-blue-700 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            {isOpen ? 'Show fewer' : `Show ${rest.length} more`}
            <span className="sr-only"> of {heading}</span>
          </button>
        </>
      ) : null}
    </div>
  )
}

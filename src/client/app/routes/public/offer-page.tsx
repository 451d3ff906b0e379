import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { Link, useParams } from 'react-router'
import { PageContainer, PageTitle } from '#client/app/layout/page-section.tsx'
import { useSiteConfig } from '#client/app/site-config.ts'
import { useDocumentTitle } from '#client/app/use-document-title.ts'
import { useNoIndex } from '#client/app/use-no-index.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { isOfferNotFound, offerQueryOptions, tokenOfferActions } from '#client/features/account/api/offers.ts'
import { OfferHold } from '#client/features/account/components/offer-hold.tsx'
import { OfferLines } from '#client/features/account/components/offer-lines.tsx'
import { queryKeys } from '#client/lib/query-keys.ts'
import { lapsedText, OFFER_TEXTS, offerForText } from '#shared/offer-texts.ts'
import type { OfferState, PublicOfferDto } from '#shared/offers.ts'

const TITLES: Record<OfferState, string> = {
  offered: OFFER_TEXTS.title,
  kept: OFFER_TEXTS.keptTitle,
  released: OFFER_TEXTS.releasedTitle,
  lapsed: OFFER_TEXTS.lapsedTitle,
}

function outcomeText(offer: PublicOfferDto): string {
  if (offer.state === 'kept') return OFFER_TEXTS.kept
  if (offer.state === 'released') return OFFER_TEXTS.released
  return lapsedText(offer.expiresText)
}

/**
 * /offers/:token, the page a returning advertiser's e-mail links to: the spots held for them in the next
 * mailing, with "Keep my spots" and "Release my spots" while they are held; what became of them after.
 * After an answer, the focus goes to what the page now says.
 */
export function OfferPage() {
  const { token = '' } = useParams()
  const { contactEmail } = useSiteConfig()
  const queryClient = useQueryClient()
  const query = useQuery(offerQueryOptions(token))
  const offer = query.data
  const title = offer ? TITLES[offer.state] : OFFER_TEXTS.title
  useDocumentTitle(title)
  useNoIndex()
  const outcome = useRef<HTMLParagraphElement>(null)
  const [focusOutcome, setFocusOutcome] = useState(false)
  const state = offer?.state

  useEffect(() => {
    if (!focusOutcome || !state || state === 'offered') return
    outcome.current?.focus()
    setFocusOutcome(false)
  }, [focusOutcome, state])

  function handleReleased(released: PublicOfferDto) {
    queryClient.setQueryData(queryKeys.offer(token), released)
    setFocusOutcome(true)
  }

  function handleRefused() {
    // The refusal is said where the buttons are; if the offer has moved on meanwhile, the page says so.
    void query.refetch().then((result) => {
      if (result.data && result.data.state !== 'offered') setFocusOutcome(true)
    })
  }

  const contact = (
    <a href={`mailto:${contactEmail}`} className="text-blue-800 underline underline-offset-2">
      {contactEmail}
    </a>
  )

  let body: ReactNode
  if (query.isPending) {
    body = <Spinner label={OFFER_TEXTS.loading} />
  } else if (!offer) {
    const notFound = isOfferNotFound(query.error)
    body = (
      <div className="space-y-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-800">
        <p className="font-semibold">{notFound ? OFFER_TEXTS.notFound : OFFER_TEXTS.loadFailed}</p>
        <p>If you need help, contact us at {contact}.</p>
        {notFound ? null : (
          <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
            {OFFER_TEXTS.tryAgain}
          </Button>
        )}
      </div>
    )
  } else if (offer.state === 'offered') {
    body = (
      <OfferHold
        offer={offer}
        actions={tokenOfferActions(token)}
        onReleased={handleReleased}
        onRefused={handleRefused}
      />
    )
  } else {
    body = (
      <div className="space-y-4">
        <p
          ref={outcome}
          role="status"
          tabIndex={-1}
          className="rounded-md border border-slate-300 bg-slate-50 p-4 text-lg text-slate-900"
        >
          {outcomeText(offer)}
        </p>
        <p className="text-slate-800">{offerForText(offer.businessName, offer.mailingLabel)}</p>
        <OfferLines offer={offer} />
        {offer.state === 'kept' ? (
          <p className="text-slate-800">
            {OFFER_TEXTS.seeAccount}{' '}
            <Link to="/account" className="text-blue-800 underline underline-offset-2">
              {OFFER_TEXTS.accountLink}
            </Link>
          </p>
        ) : null}
      </div>
    )
  }

  // One h1 element through loading and result, so the focus the layout gave it on arrival stays.
  return (
    <PageContainer className="max-w-2xl space-y-8">
      <PageTitle>{title}</PageTitle>
      {body}
    </PageContainer>
  )
}

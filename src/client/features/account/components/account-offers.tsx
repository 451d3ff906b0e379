import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { queryKeys } from '#client/lib/query-keys.ts'
import type { AccountDto } from '#shared/account.ts'
import { mailingHeadingText } from '#shared/account-texts.ts'
import { OFFER_TEXTS, offerOutcomeText } from '#shared/offer-texts.ts'
import type { PublicOfferDto } from '#shared/offers.ts'
import { accountOfferActions } from '../api/offers'
import { OfferHold } from './offer-hold'

const HEADING_ID = 'account-offers'
const outcomeId = (offerId: string) => `offer-outcome-${offerId}`

/**
 * Above the purchases: the spots held for this advertiser (each with "Keep my spots" and "Release my
 * spots") while they are held, and a short line for each offer that was kept, released or ran out. After an
 * answer the focus goes to that line.
 */
export function AccountOffers({ offers }: { offers: PublicOfferDto[] }) {
  const queryClient = useQueryClient()
  const [focusId, setFocusId] = useState<string | null>(null)

  useEffect(() => {
    if (!focusId) return
    if (offers.find((offer) => offer.id === focusId)?.state === 'offered') return
    document.getElementById(outcomeId(focusId))?.focus()
    setFocusId(null)
  }, [focusId, offers])

  if (offers.length === 0) return null

  function handleReleased(released: PublicOfferDto) {
    queryClient.setQueryData<AccountDto>(queryKeys.account(), (account) =>
      account
        ? {
            ...account,
            offers: account.offers.map((offer) => (offer.id === released.id ? released : offer)),
          }
        : account,
    )
    setFocusId(released.id)
    // The held lines were a purchase of the account's own: the purchases are read again.
    void queryClient.invalidateQueries({ queryKey: queryKeys.account() })
  }

  async function handleRefused(offerId: string) {
    await queryClient.refetchQueries({ queryKey: queryKeys.account() })
    const latest = queryClient.getQueryData<AccountDto>(queryKeys.account())
    if (latest?.offers.find((offer) => offer.id === offerId)?.state !== 'offered') setFocusId(offerId)
  }

  const held = offers.filter((offer) => offer.state === 'offered')
  const settled = offers.filter((offer) => offer.state !== 'offered')
  return (
    <section aria-labelledby={HEADING_ID} className="space-y-4">
      <h2 id={HEADING_ID} className="text-2xl text-slate-900 md:text-3xl">
        {OFFER_TEXTS.title}
      </h2>
      {held.length > 0 ? (
        <ul className="space-y-4">
          {held.map((offer) => (
            <li key={offer.id}>
              <article
                aria-labelledby={`offer-${offer.id}`}
                className="space-y-4 rounded-lg border border-blue-200 bg-white p-4 shadow-sm sm:p-6"
              >
                <h3 id={`offer-${offer.id}`} className="text-xl text-slate-900">
                  {mailingHeadingText(offer.mailingMonth)}
                </h3>
                <OfferHold
                  offer={offer}
                  actions={accountOfferActions(offer.id)}
                  onReleased={handleReleased}
                  onRefused={() => void handleRefused(offer.id)}
                />
              </article>
            </li>
          ))}
        </ul>
      ) : null}
      {settled.length > 0 ? (
        <ul className="space-y-2">
          {settled.map((offer) => (
            <li key={offer.id} id={outcomeId(offer.id)} tabIndex={-1} className="text-slate-800">
              {offerOutcomeText(offer.state, offer.mailingLabel, offer.expiresText)}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}

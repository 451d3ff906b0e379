import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { queryKeys } from '#client/lib/query-keys.ts'
import type { AccountMailingGroupDto } from '#shared/account.ts'
import { ACCOUNT_TEXTS, mailingHeadingText } from '#shared/account-texts.ts'
import { purchasesBesideOffers } from '../account-display'
import { accountQueryOptions, isSignedOutError } from '../api/get-account'
import { AccountOffers } from './account-offers'
import { AdApprovalSection } from './ad-approval-section'
import { MailingProgress } from './mailing-progress'
import { PurchaseCard } from './purchase-card'

function MailingGroupSection({
  group,
  index,
  now,
}: {
  group: AccountMailingGroupDto
  index: number
  now: Date
}) {
  const headingId = `account-group-${index}`
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-2xl text-slate-900 md:text-3xl">
        {group.mailing ? mailingHeadingText(group.mailing.month) : ACCOUNT_TEXTS.otherPurchases}
      </h2>
      {group.mailing ? <MailingProgress mailing={group.mailing} now={now} /> : null}
      <ul className="space-y-4">
        {group.purchases.map((purchase) => (
          <PurchaseCard key={purchase.id} purchase={purchase} />
        ))}
      </ul>
    </section>
  )
}

/**
 * Signed in: who is signed in, Sign out, the spots held for the address, and its purchases by mailing
 * (newest first, then those of no mailing). Loaded only once a visitor is signed in.
 */
export function AccountOverview({
  userEmail,
  onSignOut,
  isSigningOut,
}: {
  userEmail: string
  onSignOut: () => void
  isSigningOut: boolean
}) {
  const queryClient = useQueryClient()
  const account = useQuery(accountQueryOptions)
  // The clock the mailing steps are read against, once per visit: a step does not move while reading.
  const [now] = useState(() => new Date())
  const isSessionGone = isSignedOutError(account.error)

  // The session ended elsewhere (signed out in another tab, expired): ask again who is signed in, and the
  // page shows the sign-in form.
  useEffect(() => {
    if (isSessionGone) void queryClient.invalidateQueries({ queryKey: queryKeys.me() })
  }, [isSessionGone, queryClient])

  const data = account.data
  const groups = data ? purchasesBesideOffers(data.groups, data.offers) : []
  return (
    <div className="space-y-10">
      <div className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4">
        <p className="min-w-0 text-slate-800">
          {ACCOUNT_TEXTS.signedInAs}{' '}
          <strong className="break-words text-slate-900">
            {data?.businessName ?? data?.email ?? userEmail}
          </strong>
          {data?.businessName ? (
            <span className="block break-all text-sm text-slate-700">{data.email}</span>
          ) : null}
        </p>
        <Button variant="outline" onClick={onSignOut} aria-disabled={isSigningOut || undefined}>
          {isSigningOut ? ACCOUNT_TEXTS.signingOut : ACCOUNT_TEXTS.signOut}
        </Button>
      </div>
      {account.isPending || isSessionGone ? (
        <Spinner label={ACCOUNT_TEXTS.loading} />
      ) : !data ? (
        <div className="space-y-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-800">
          <p className="font-semibold">{ACCOUNT_TEXTS.loadFailed}</p>
          <Button variant="outline" onClick={() => void account.refetch()} disabled={account.isFetching}>
            {ACCOUNT_TEXTS.tryAgain}
          </Button>
        </div>
      ) : (
        <>
          <AccountOffers offers={data.offers} />
          <AdApprovalSection />
          {groups.length === 0 ? (
            <p className="text-lg text-slate-800">{ACCOUNT_TEXTS.noPurchases}</p>
          ) : (
            groups.map((group, index) => (
              <MailingGroupSection
                key={group.mailing?.month ?? `other-${index}`}
                group={group}
                index={index}
                now={now}
              />
            ))
          )}
        </>
      )}
    </div>
  )
}

import { type ReactNode, useRef } from 'react'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '#client/components/ui/sheet.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { errorDescription } from '#client/features/admin/hooks/error-message.ts'
import type { AdvertiserDetailDto, AdvertiserPurchaseDto } from '#shared/admin-advertisers.ts'
import { formatCount, formatPrice } from '#shared/format.ts'
import {
  advertiserName,
  formatMailing,
  formatWhen,
  lineArtwork,
  lineSubject,
  PURCHASE_STATE_LABELS,
  STATE_VARIANT,
} from '../advertiser-display'
import { useAdvertiserDetail, useSendAccountLink } from '../api/advertisers'
import { AdvertiserEditForm } from './advertiser-edit-form'
import { AdvertiserMerge } from './advertiser-merge'

/**
 * One advertiser's drawer: its figures and addresses, its details to edit, its purchases by mailing, notes,
 * the e-mails sent to it, and merging another advertiser into it. Focus moves into the drawer when it opens
 * (to the drawer itself, which its title names) and `onClosed` puts it back where the owner was.
 */
export function AdvertiserDrawer({
  advertiserId,
  onClose,
  onClosed,
}: {
  advertiserId: string | null
  onClose: () => void
  onClosed: () => void
}) {
  const { data, isPending, isError } = useAdvertiserDetail(advertiserId)
  const content = useRef<HTMLDivElement>(null)
  return (
    <Sheet open={advertiserId !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent
        ref={content}
        className="max-w-xl"
        onOpenAutoFocus={(event) => {
          event.preventDefault()
          content.current?.focus()
        }}
        onCloseAutoFocus={(event) => {
          // Opened from a button, not a Radix trigger: Radix would leave focus on the page's body.
          event.preventDefault()
          onClosed()
        }}
      >
        <SheetHeader>
          <SheetTitle>{data ? advertiserName(data) : 'Advertiser'}</SheetTitle>
          <SheetDescription>{data ? data.email : 'Loading the advertiser...'}</SheetDescription>
        </SheetHeader>
        {isPending ? (
          <Spinner label="Loading the advertiser..." />
        ) : isError || !data ? (
          <p className="rounded-md border border-red-200 bg-red-50 p-4 text-red-900">
            Failed to load the advertiser. Please try again.
          </p>
        ) : (
          <AdvertiserDetails detail={data} />
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

function AdvertiserDetails({ detail }: { detail: AdvertiserDetailDto }) {
  const otherNames = detail.businessNames.filter((n) => n !== detail.businessName)
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold">Mailings booked</dt>
        <dd>
          {formatCount(detail.mailingsBooked)}
          {detail.firstMailing && detail.lastMailing
            ? detail.firstMailing === detail.lastMailing
              ? ` (${formatMailing(detail.lastMailing)})`
              : ` (${formatMailing(detail.firstMailing)} to ${formatMailing(detail.lastMailing)})`
            : ''}
        </dd>
        <dt className="font-semibold">Lifetime paid</dt>
        <dd>{formatPrice(detail.lifetimePaid)}</dd>
        <dt className="font-semibold">Purchases</dt>
        <dd>{formatCount(detail.purchaseCount)}</dd>
        <dt className="font-semibold">{detail.addresses.length === 1 ? 'Address' : 'Addresses'}</dt>
        <dd>
          <ul>
            {detail.addresses.map((a) => (
              <li key={a.email} className="break-all">
                {a.email}
              </li>
            ))}
          </ul>
        </dd>
        {otherNames.length > 0 ? (
          <>
            <dt className="font-semibold">Also bought as</dt>
            <dd>{otherNames.join(', ')}</dd>
          </>
        ) : null}
        {detail.phone ? (
          <>
            <dt className="font-semibold">Phone</dt>
            <dd>{detail.phone}</dd>
          </>
        ) : null}
        {detail.website ? (
          <>
            <dt className="font-semibold">Website</dt>
            <dd className="break-all">
              <a
                href={detail.website}
                target="_blank"
                rel="noopener noreferrer"
                className="text-blue-700 underline underline-offset-4 hover:text-blue-800"
              >
                {detail.website}
              </a>
            </dd>
          </>
        ) : null}
        <dt className="font-semibold">Marketing e-mails</dt>
        <dd>{detail.marketingConsent ? 'Agreed' : 'Not agreed'}</dd>
      </dl>

      <Section title="Purchases by Mailing">
        {detail.mailings.length === 0 ? (
          <p className="text-slate-700">No purchases yet.</p>
        ) : (
          detail.mailings.map((group) => (
            <div key={group.month ?? 'none'} className="space-y-2">
              <h4 className="font-sans text-sm font-semibold">
                {group.month ? `${formatMailing(group.month)} mailing` : 'No mailing'}
              </h4>
              <ul className="space-y-2">
                {group.purchases.map((purchase) => (
                  <PurchaseItem key={`${group.month}-${purchase.id}`} purchase={purchase} />
                ))}
              </ul>
            </div>
          ))
        )}
      </Section>

      <Section title="Notes">
        {detail.notes.trim() ? (
          <p className="whitespace-pre-wrap">{detail.notes}</p>
        ) : (
          <p className="text-slate-700">No notes on the advertiser.</p>
        )}
        {detail.purchaseNotes.length > 0 ? (
          <ul className="space-y-2">
            {detail.purchaseNotes.map((note) => (
              <li key={note.id}>
                <span className="block whitespace-pre-wrap">{note.body}</span>
                <span className="block text-xs text-slate-700">
                  On {note.reference}: {note.by}, {formatWhen(note.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </Section>

      <Section title="E-mails Sent">
        {detail.emailsSent.length === 0 ? (
          <p className="text-slate-700">No e-mails to this advertiser.</p>
        ) : (
          <ul className="space-y-2">
            {detail.emailsSent.map((email) => (
              <li key={email.id}>
                <span className="block font-medium">{email.subject}</span>
                <span className="block text-slate-700">
                  {email.kind} · to <span className="break-all">{email.to.trim()}</span> · {email.state}{' '}
                  {formatWhen(email.sentAt ?? email.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Account">
        <p className="text-slate-700">
          The advertiser signs in at /account with a one-time link e-mailed to {detail.email}.
        </p>
        <AccountLinkButton id={detail.id} email={detail.email} />
      </Section>

      <Section title="Edit Details">
        <AdvertiserEditForm key={detail.id} detail={detail} />
      </Section>

      <Section title="Merge Another Advertiser Into This One">
        <AdvertiserMerge key={detail.id} target={detail} />
      </Section>
    </div>
  )
}

function PurchaseItem({ purchase }: { purchase: AdvertiserPurchaseDto }) {
  return (
    <li className="rounded-md border border-slate-200 p-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span>
          <span className="font-mono font-semibold">{purchase.reference}</span>
          <span className="text-slate-700">
            {' '}
            · {formatWhen(purchase.createdAt)}
            {purchase.source === 'manual' ? ' · manual order' : ''}
          </span>
        </span>
        <Badge variant={STATE_VARIANT[purchase.state] ?? 'secondary'}>
          {PURCHASE_STATE_LABELS[purchase.state] ?? purchase.state}
        </Badge>
      </div>
      {purchase.lines.length > 0 ? (
        <ul className="mt-1 divide-y divide-slate-100">
          {purchase.lines.map((line) => (
            <li key={line.id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-1">
              <span>
                <span className="block">{lineSubject(line)}</span>
                <span className="block text-xs text-slate-700">
                  <span className="font-mono">{line.id}</span> · Artwork: {lineArtwork(line)}
                </span>
              </span>
              <span className="whitespace-nowrap">
                {formatPrice(line.amount)} · {line.status}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-1 text-xs text-slate-700">
        Total {formatPrice(purchase.total)} · paid {formatPrice(purchase.paid)}
        {purchase.otherMailings.length > 0
          ? ` · also lines in ${purchase.otherMailings.map((m) => (m ? formatMailing(m) : 'no mailing')).join(', ')}`
          : ''}
      </p>
    </li>
  )
}

function AccountLinkButton({ id, email }: { id: string; email: string }) {
  const send = useSendAccountLink(id)
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      disabled={send.isPending}
      onClick={() =>
        send.mutate(undefined, {
          onSuccess: () => toast({ title: `Sign-in link sent to ${email}.` }),
          onError: (error) =>
            toast({
              variant: 'destructive',
              title: 'No sign-in link was sent',
              description: errorDescription(error, 'Please try again.'),
            }),
        })
      }
    >
      E-mail the account link
    </Button>
  )
}

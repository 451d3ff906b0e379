import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { emailInquiries, emailUnsubscribes, mailings, orders, purchases } from '#server/db/schema.ts'
import { AppError } from '#server/lib/errors.ts'
import { isSingleRecipient } from '#server/lib/mailer/mailer.ts'
import { enqueueEmails } from '#server/lib/mailer/outbox.ts'
import { isValidUnsubscribeToken, normalizeAddress } from '#server/lib/unsubscribe-token.ts'
import type { MessageAdvertisersInput, MessageAdvertisersResponse } from '#shared/mailing-messages.ts'
import { MAILING_NOT_FOUND, MONTH_KEY_PATTERN, type NotifyWaitlistResponse } from '#shared/mailings.ts'
import { soldLine } from '../orders/checkout-artwork.service.ts'
import { advertiserMessageEmail } from './advertiser-message-email.ts'
import { type AnnouncementContext, waitlistOpenEmail } from './waitlist-email.ts'

const MAILING_NOT_ANNOUNCEABLE = 'Only an open mailing can be announced.'

/** Addresses per IN (…) list. */
const LOOKUP_CHUNK = 1000

/**
 * Notify Waitlist: "The {Month} mailing is open" to every distinct waitlist address (case-insensitive),
 * except those that unsubscribed, queued in the outbox in one transaction with the mailing's
 * waitlist_notified_at. Each mail's dedupe key names the month and the address, so a second press (or two
 * at once) queues only addresses that joined since. skipped counts the unsubscribed, the already notified,
 * and any stored address that is not a single sendable one (written before addresses were validated).
 */
export async function notifyWaitlist(
  db: Db,
  month: string,
  context: AnnouncementContext,
  now = new Date(),
): Promise<NotifyWaitlistResponse> {
  if (!MONTH_KEY_PATTERN.test(month)) throw new AppError('not_found', MAILING_NOT_FOUND)
  return db.transaction(async (tx) => {
    // Locked: an admin closing the mailing meanwhile waits, so an announcement never follows a close.
    const [mailing] = await tx.select().from(mailings).where(eq(mailings.month, month)).for('update')
    if (!mailing) throw new AppError('not_found', MAILING_NOT_FOUND)
    if (mailing.status !== 'open' || mailing.salesCloseAt.getTime() <= now.getTime())
      throw new AppError('conflict', MAILING_NOT_ANNOUNCEABLE)

    const addresses = await waitlistAddresses(tx)
    const unsubscribed = await unsubscribedAmong(tx, addresses)
    const recipients = addresses.filter((a) => !unsubscribed.has(a) && isSingleRecipient(a))
    const queued = await enqueueEmails(
      tx,
      recipients.map((email) => waitlistOpenEmail(mailing, email, context)),
    )
    await tx.update(mailings).set({ waitlistNotifiedAt: now }).where(eq(mailings.month, month))
    return { queued, skipped: addresses.length - queued }
  })
}

/**
 * The owner's message to every advertiser of a mailing (any status: a word about the printer is as welcome
 * after mailing as before): one e-mail per distinct address (case-insensitive) of a purchase with sold lines
 * in it (the orders kernel's soldLine: paid, or the owner's order awaiting payment; a checkout in progress
 * has bought nothing yet), queued in one transaction. The message is not about their order, so an address
 * that unsubscribed from announcements is skipped. Each mail's dedupe key names the month, the message and
 * the address: sending the same message again (a double click, two at once) e-mails no one twice, and
 * counts them as skipped.
 */
export async function messageAdvertisers(
  db: Db,
  month: string,
  input: MessageAdvertisersInput,
  context: AnnouncementContext,
): Promise<MessageAdvertisersResponse> {
  if (!MONTH_KEY_PATTERN.test(month)) throw new AppError('not_found', MAILING_NOT_FOUND)
  return db.transaction(async (tx) => {
    const [mailing] = await tx
      .select({ month: mailings.month })
      .from(mailings)
      .where(eq(mailings.month, month))
    if (!mailing) throw new AppError('not_found', MAILING_NOT_FOUND)
    const addresses = await advertiserAddresses(tx, month)
    const unsubscribed = await unsubscribedAmong(tx, addresses)
    const recipients = addresses.filter((a) => !unsubscribed.has(a) && isSingleRecipient(a))
    const queued = await enqueueEmails(
      tx,
      recipients.map((email) => advertiserMessageEmail(month, input, email, context)),
    )
    return { queued, skipped: addresses.length - queued }
  })
}

/** The distinct addresses (lowercased, as waitlistAddresses) of the purchases with sold lines in the mailing. */
async function advertiserAddresses(tx: Db, month: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ email: purchases.email })
    .from(orders)
    .innerJoin(purchases, eq(purchases.id, orders.purchaseId))
    .where(and(eq(orders.mailingMonth, month), soldLine))
  return [...new Set(rows.map((r) => normalizeAddress(r.email)))].sort()
}

/**
 * The waitlist's distinct addresses, lowercased here rather than by SQL lower(): the database's collation
 * may leave non-ASCII letters as they are, and the unsubscribe list and tokens use JavaScript's lowercase.
 */
async function waitlistAddresses(tx: Db): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ email: emailInquiries.email })
    .from(emailInquiries)
    .where(sql`${emailInquiries.metadata}->>'type' = 'waitlist'`)
  return [...new Set(rows.map((r) => normalizeAddress(r.email)))].sort()
}

async function unsubscribedAmong(tx: Db, addresses: string[]): Promise<Set<string>> {
  const found = new Set<string>()
  for (let i = 0; i < addresses.length; i += LOOKUP_CHUNK) {
    const rows = await tx
      .select({ email: emailUnsubscribes.email })
      .from(emailUnsubscribes)
      .where(inArray(emailUnsubscribes.email, addresses.slice(i, i + LOOKUP_CHUNK)))
    for (const row of rows) found.add(row.email)
  }
  return found
}

// ---------------------------------------------------------------- unsubscribe

const INVALID_UNSUBSCRIBE_LINK =
  'This unsubscribe link is not valid: it is incomplete or was changed. Please use the link from the e-mail exactly as it is.'

/** The address of a genuine link (?e=…&t=…), lowercased; a bad or missing token is a 400. */
export function verifiedUnsubscribeAddress(
  secret: string,
  email: string | undefined,
  token: string | undefined,
): string {
  const address = normalizeAddress(email ?? '')
  if (!isSingleRecipient(address) || !token || !isValidUnsubscribeToken(secret, address, token))
    throw new AppError('bad_request', INVALID_UNSUBSCRIBE_LINK)
  return address
}

export async function isUnsubscribed(db: Db, address: string): Promise<boolean> {
  const rows = await db
    .select({ email: emailUnsubscribes.email })
    .from(emailUnsubscribes)
    .where(eq(emailUnsubscribes.email, address))
  return rows.length > 0
}

/** Idempotent: the first time is kept. */
export async function unsubscribe(db: Db, address: string): Promise<void> {
  await db.insert(emailUnsubscribes).values({ email: address }).onConflictDoNothing()
}

import { and, asc, desc, eq, gt, inArray, isNotNull, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import {
  adApprovals,
  advertiserEmails,
  advertisers,
  emailUnsubscribes,
  mailings,
  orders,
  purchases,
} from '#server/db/schema.ts'
import { eachOnItsOwn } from '#server/lib/each-on-its-own.ts'
import { AppError } from '#server/lib/errors.ts'
import type { Logger } from '#server/lib/logger.ts'
import { enqueueEmails, type OutboxEmail } from '#server/lib/mailer/outbox.ts'
import { normalizeAddress, unsubscribeUrl } from '#server/lib/unsubscribe-token.ts'
import {
  AD_APPROVAL_LINE_NOT_FOUND,
  AD_APPROVAL_TEXTS,
  type AdApprovalInput,
  type AdApprovalLineDto,
  type AdApprovalsResponse,
  adApprovalClosedMessage,
} from '#shared/ad-approval.ts'
import { mailingMonthLabel } from '#shared/mailings.ts'
import type { SiteConfig } from '#shared/site-config.ts'
import { artworkDueText } from '../orders/checkout-artwork.service.ts'
import { isOrderId } from '../orders/order-ids.ts'
import { getPrintSpecs } from '../orders/print-specs.service.ts'
import { adApprovalsOf, printedArtworkKey } from './ad-approval-state.ts'
import { type ArtworkContext, type LineRow, lineLabel, selectLines } from './artwork.service.ts'
import { renderAdPreviewInChild } from './artwork-file-jobs.ts'
import { proofArtwork, readStoredFile, shortUrl } from './proof-lines.ts'

/**
 * The advertiser's check of their ad as printed. Once a mailing's proof has been built, each advertiser with
 * lines in it is e-mailed once and sees on /account every line of theirs as the card prints it, and approves
 * it or asks for a change until the artwork deadline. Every read starts from the signed-in user's address and
 * its advertiser: a line of anyone else is "not found".
 */

type MailingRow = typeof mailings.$inferSelect

/** Decisions are taken until the artwork deadline, and never once the mailing has gone to print. */
function isOpenForDecision(mailing: MailingRow, now: Date): boolean {
  return (
    (mailing.status === 'open' || mailing.status === 'closed') &&
    mailing.artworkDueAt.getTime() > now.getTime()
  )
}

async function advertiserOf(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: advertiserEmails.advertiserId })
    .from(advertiserEmails)
    .where(eq(advertiserEmails.email, normalizeAddress(email)))
  return row?.id ?? null
}

/** The advertiser's lines in mailings whose proof exists (optionally only those matching `where`). */
async function ownProofedLines(db: Db, email: string, where?: SQL): Promise<LineRow[]> {
  const advertiserId = await advertiserOf(db, email)
  if (!advertiserId) return []
  const own = db.select({ id: purchases.id }).from(purchases).where(eq(purchases.advertiserId, advertiserId))
  const proofed = db.select({ month: mailings.month }).from(mailings).where(isNotNull(mailings.proofBuiltAt))
  return selectLines(
    db,
    and(inArray(orders.purchaseId, own), inArray(orders.mailingMonth, proofed), where) as SQL,
  )
}

async function ownLine(db: Db, email: string, orderId: string): Promise<LineRow> {
  if (!isOrderId(orderId)) throw new AppError('not_found', AD_APPROVAL_LINE_NOT_FOUND)
  const [line] = await ownProofedLines(db, email, eq(orders.id, orderId))
  if (!line) throw new AppError('not_found', AD_APPROVAL_LINE_NOT_FOUND)
  return line
}

/** "January 5" of a 'YYYY-MM-DD' day. */
function monthDay(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  })
}

/** The preview's alt text: what the card prints for the line, in words. */
export function previewAlt(ctx: Pick<ArtworkContext, 'publicOrigin'>, line: LineRow): string {
  const artwork = proofArtwork(line) ? 'your artwork' : `no artwork ("${AD_APPROVAL_TEXTS.artworkMissing}")`
  if (line.date)
    return `Your ad for ${monthDay(line.date)} as printed: the day number ${Number(line.date.slice(8, 10))}, ${line.businessName}, ${artwork}, and a QR code to ${shortUrl(ctx, line)}.`
  return `Your map icon ${line.itemName ?? 'Map icon'} as printed: ${artwork}, with the caption ${line.businessName}.`
}

/** The signed-in advertiser's lines in mailings whose proof exists, newest mailing first. */
export async function listAdApprovals(
  ctx: ArtworkContext,
  email: string,
  now: Date,
): Promise<AdApprovalsResponse> {
  const lines = await ownProofedLines(ctx.db, email)
  if (lines.length === 0) return { mailings: [] }
  const months = [...new Set(lines.map((l) => l.mailingMonth))]
  const rows = await ctx.db
    .select()
    .from(mailings)
    .where(inArray(mailings.month, months))
    .orderBy(desc(mailings.month))
  const approvals = await adApprovalsOf(ctx.db, lines)
  return {
    mailings: rows.map((mailing) => ({
      month: mailing.month,
      label: mailingMonthLabel(mailing.month),
      artworkDueText: artworkDueText(mailing, ctx.timeZone),
      open: isOpenForDecision(mailing, now),
      lines: lines
        .filter((l) => l.mailingMonth === mailing.month)
        .map((l) => toLineDto(ctx, l, approvals.get(l.orderId))),
    })),
  }
}

function toLineDto(
  ctx: ArtworkContext,
  line: LineRow,
  approval: AdApprovalLineDto['approval'] | undefined,
): AdApprovalLineDto {
  // The version makes a new file (or a new review of it) a new image for the browser's cache.
  const version = printedArtworkKey(line.artwork) ?? 'none'
  return {
    id: line.orderId,
    kind: line.date ? 'day' : 'icon',
    label: lineLabel(line),
    previewPath: `/api/account/lines/${encodeURIComponent(line.orderId)}/preview.png?v=${encodeURIComponent(version.split('/').pop() ?? version)}`,
    previewAlt: previewAlt(ctx, line),
    approval: approval ?? { state: 'waiting', note: null, decidedAt: null },
  }
}

/**
 * The advertiser's decision on one of their lines: recorded (the latest counts, every one kept) with the
 * artwork it was made on, while the mailing's artwork deadline has not passed. The mailing is locked FOR
 * SHARE like an upload ("mark printed" waits), and the line's order row too, so an upload to the line
 * (which locks it FOR UPDATE) lands before or after, and the decision names the file the advertiser saw.
 */
export async function decideAdApproval(
  ctx: ArtworkContext,
  email: string,
  orderId: string,
  input: AdApprovalInput,
  now: Date,
): Promise<AdApprovalLineDto> {
  const before = await ownLine(ctx.db, email, orderId)
  return ctx.db.transaction(async (tx) => {
    const [mailing] = await tx
      .select()
      .from(mailings)
      .where(eq(mailings.month, before.mailingMonth))
      .for('share')
    if (!mailing) throw new AppError('not_found', AD_APPROVAL_LINE_NOT_FOUND)
    if (!isOpenForDecision(mailing, now))
      throw new AppError('conflict', adApprovalClosedMessage(mailingMonthLabel(mailing.month)))
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('share')
    const [line] = await selectLines(tx, eq(orders.id, orderId))
    if (!line) throw new AppError('not_found', AD_APPROVAL_LINE_NOT_FOUND)
    await tx.insert(adApprovals).values({
      orderId,
      decision: input.decision,
      note: input.decision === 'changes_requested' ? input.note : null,
      artworkKey: printedArtworkKey(line.artwork),
      decidedBy: normalizeAddress(email),
      decidedAt: now,
    })
    const approvals = await adApprovalsOf(tx, [line])
    return toLineDto(ctx, line, approvals.get(orderId))
  })
}

/** The line as the card prints it, as a PNG (drawn in a child process: it decodes the stored artwork). */
export async function adPreviewPng(ctx: ArtworkContext, email: string, orderId: string): Promise<Uint8Array> {
  const line = await ownLine(ctx.db, email, orderId)
  const specs = await getPrintSpecs(ctx.db)
  const artworkSize = line.date
    ? specs.daySquare
    : line.itemSize === 'small'
      ? specs.regularIcon
      : specs.premiumIcon
  return renderAdPreviewInChild(
    {
      kind: line.date ? 'day' : 'icon',
      dayNumber: line.date ? String(Number(line.date.slice(8, 10))) : null,
      businessName: line.businessName,
      artworkSize,
      qrSizeInches: specs.qrCode.sizeInches,
      shortUrl: line.date ? shortUrl(ctx, line) : null,
      artwork: proofArtwork(line),
      missingText: AD_APPROVAL_TEXTS.artworkMissing,
    },
    (key) => readStoredFile(ctx, key),
  )
}

// ---------------------------------------------------------------- the e-mail once a proof exists

/** What the proof's e-mails need of the server. */
export type ProofCheckContext = ArtworkContext & {
  site: SiteConfig
  /** The key of the unsubscribe link every advertiser e-mail carries. */
  secret: string
}

export const proofCheckDedupeKey = (month: string, advertiserId: string) =>
  `proof-ready:${month}:${advertiserId}`

type ProofCheck = { advertiserId: string; email: string; businessName: string; lines: string[] }

/** "Check your ad in the January 2027 postcard": the lines, the deadline, the link to /account. */
export function proofCheckEmail(
  ctx: ProofCheckContext,
  mailing: Pick<MailingRow, 'month' | 'artworkDueAt'>,
  check: ProofCheck,
): OutboxEmail {
  const label = mailingMonthLabel(mailing.month)
  const unsubscribe = unsubscribeUrl(ctx.publicOrigin, ctx.secret, check.email)
  const due = artworkDueText(mailing, ctx.timeZone)
  return {
    dedupeKey: proofCheckDedupeKey(mailing.month, check.advertiserId),
    kind: 'proof_ready',
    to: check.email,
    subject: `Check your ad in the ${label} postcard`,
    text: [
      `Hello ${check.businessName},`,
      '',
      `The ${label} ${ctx.site.productName} is being laid out. Please check your ad as it will be printed:`,
      ...check.lines.map((l) => `- ${l}`),
      '',
      `See it and approve it, or ask for a change, by ${due}: ${ctx.publicOrigin}/account`,
      '',
      `Questions? Write to ${ctx.site.contactEmail} or call ${ctx.site.contactPhone}.`,
      ctx.site.productName,
      '',
      `You receive this because you advertise in the ${label} ${ctx.site.productName}.`,
      `Unsubscribe from these e-mails: ${unsubscribe}`,
    ].join('\n'),
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}

/**
 * Queues the proof's e-mail to each advertiser with sold lines in the mailing, once its proof exists and
 * while its artwork deadline has not passed (after it nothing can change), unless the address unsubscribed.
 * An advertiser whose lines were all bought after the proof was built is asked once one of them has artwork.
 * The dedupe key names the mailing and the advertiser, so each is e-mailed once however often the proof
 * is built. Answers how many were queued.
 */
export async function queueProofChecks(ctx: ProofCheckContext, month: string, now: Date): Promise<number> {
  const [mailing] = await ctx.db
    .select()
    .from(mailings)
    .where(and(eq(mailings.month, month), isNotNull(mailings.proofBuiltAt), gt(mailings.artworkDueAt, now)))
  if (!mailing || !isOpenForDecision(mailing, now)) return 0
  const rows = await ctx.db
    .select({
      orderId: orders.id,
      advertiserId: advertisers.id,
      email: advertisers.email,
      businessName: advertisers.businessName,
    })
    .from(orders)
    .innerJoin(purchases, eq(purchases.id, orders.purchaseId))
    .innerJoin(advertisers, eq(advertisers.id, purchases.advertiserId))
    .where(eq(orders.mailingMonth, month))
    .orderBy(asc(advertisers.id))
  const sold = new Map((await selectLines(ctx.db, eq(orders.mailingMonth, month))).map((l) => [l.orderId, l]))
  const checks = new Map<string, ProofCheck>()
  // Lines bought after the proof was built are shown once they have artwork: the buyer has just been told
  // to send it, and an ad with nothing in it is not yet worth checking.
  const builtAt = mailing.proofBuiltAt?.getTime() ?? 0
  const ready = new Set(
    rows
      .filter((row) => {
        const line = sold.get(row.orderId)
        return line && (line.artwork !== null || (line.paidAt ?? line.createdAt).getTime() <= builtAt)
      })
      .map((row) => row.advertiserId),
  )
  for (const row of rows) {
    const line = sold.get(row.orderId)
    if (!line || !ready.has(row.advertiserId)) continue
    const check = checks.get(row.advertiserId) ?? {
      advertiserId: row.advertiserId,
      email: normalizeAddress(row.email),
      businessName: row.businessName ?? line.businessName,
      lines: [],
    }
    check.lines.push(lineLabel(line))
    checks.set(row.advertiserId, check)
  }
  if (checks.size === 0) return 0
  const unsubscribed = await ctx.db
    .select({ email: emailUnsubscribes.email })
    .from(emailUnsubscribes)
    .where(
      inArray(
        emailUnsubscribes.email,
        [...checks.values()].map((c) => c.email),
      ),
    )
  const skip = new Set(unsubscribed.map((u) => u.email))
  return enqueueEmails(
    ctx.db,
    [...checks.values()].filter((c) => !skip.has(c.email)).map((c) => proofCheckEmail(ctx, mailing, c)),
  )
}

/**
 * queueProofChecks for every mailing whose proof exists and whose artwork deadline is ahead, so an
 * advertiser who buys after the owner built the proof is asked too, without waiting for another build.
 * Answers how many e-mails were queued (those already queued are not counted again).
 */
export async function sendDueProofChecks(
  ctx: ProofCheckContext & { logger: Logger },
  now: Date,
  queueOne: typeof queueProofChecks = queueProofChecks,
): Promise<number> {
  const due = await ctx.db
    .select({ month: mailings.month })
    .from(mailings)
    .where(and(isNotNull(mailings.proofBuiltAt), gt(mailings.artworkDueAt, now)))
    .orderBy(asc(mailings.month))
  const queued = await eachOnItsOwn(
    due,
    { label: 'proof check e-mails of a mailing', logger: ctx.logger, about: ({ month }) => ({ month }) },
    ({ month }) => queueOne(ctx, month, now),
  )
  return queued.reduce((sum, n) => sum + n, 0)
}

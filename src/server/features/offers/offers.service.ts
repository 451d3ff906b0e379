import { and, asc, desc, eq, gt, inArray, lte, type SQL, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import {
  advertiserEmails,
  advertisers,
  mailings,
  offerLines,
  offerLinks,
  offers,
  orders,
  purchases,
} from '#server/db/schema.ts'
import type { ServerConfig } from '#server/env.ts'
import { isUuid } from '#server/http/validate.ts'
import { deadlineText } from '#server/lib/deadline-text.ts'
import { AppError } from '#server/lib/errors.ts'
import type { Logger } from '#server/lib/logger.ts'
import { enqueueEmail } from '#server/lib/mailer/outbox.ts'
import type { PaymentProvider } from '#server/lib/payments/payment-provider.ts'
import { MAILING_NOT_FOUND, MONTH_KEY_PATTERN, type MonthKey, mailingMonthLabel } from '#shared/mailings.ts'
import type {
  AdminMailingOffersDto,
  AdminOfferDto,
  OfferDto,
  OfferLineDto,
  OfferState,
  PublicOfferDto,
} from '#shared/offers.ts'
import { setOrderActor } from '../orders/order-actor.ts'
import { applyOrderStatusChange } from '../orders/order-status.service.ts'
import { openPaymentForLines } from '../orders/pay-pending-lines.service.ts'
import { describeOfferLine, type OfferEmailContext, offerEmail } from './offer-email.ts'
import { hashOfferToken, isOfferToken, newOfferLink, offerPagePath } from './offer-links.ts'

/**
 * An offer's life after it is made (offer-round.service.ts makes them): what the advertiser, the e-mailed
 * link and the owner see of it, keeping it (to the checkout), releasing it, and the owner's resend and
 * extend. An offer's lines are locked before its row, as a payment locks them before its trigger writes
 * 'kept' (migration 0019), so the two never wait for each other in a circle.
 */

export type OffersContext = {
  db: Db
  payments: PaymentProvider
  config: Pick<ServerConfig, 'site' | 'timeZone' | 'publicOrigin'>
  logger: Logger
  /** The key of the unsubscribe link in the offer e-mail (the server's auth secret). */
  secret: string
}

export const OFFER_TEXTS = {
  notFound: 'No such offer.',
  kept: 'These spots are already yours: they are paid.',
  released: 'These spots were released: they are no longer held for you.',
  lapsed: 'This offer has ended: its spots are no longer held for you.',
  notOffered: 'Only an offer still waiting for the advertiser can be sent again or extended.',
} as const

export const salesClosedText = (month: MonthKey) =>
  `Sales for the ${mailingMonthLabel(month)} mailing have closed: these spots can no longer be kept.`

/** How long a "Keep my spots" card payment page stays open at most (Stripe allows 24 hours). */
const PAY_SESSION_MS = 23 * 3600_000
/** Stripe refuses a session that ends less than 30 minutes ahead. */
const MIN_SESSION_MS = 31 * 60_000

type OfferRow = typeof offers.$inferSelect
type LoadedOffer = {
  offer: OfferRow
  reference: string
  advertiserId: string
  phone: string | null
  lines: OfferLineDto[]
}

/** An offered one whose hold has ended is lapsed from that moment, before the offers task writes it. */
export function offerStateAt(offer: Pick<OfferRow, 'state' | 'expiresAt'>, now: Date): OfferState {
  if (offer.state === 'offered' && offer.expiresAt.getTime() <= now.getTime()) return 'lapsed'
  return offer.state as OfferState
}

async function loadOffers(db: Db, where: SQL | undefined): Promise<LoadedOffer[]> {
  const rows = await db
    .select({
      offer: offers,
      reference: purchases.reference,
      advertiserId: purchases.advertiserId,
      phone: advertisers.phone,
    })
    .from(offers)
    .innerJoin(purchases, eq(purchases.id, offers.purchaseId))
    .innerJoin(advertisers, eq(advertisers.id, purchases.advertiserId))
    .where(where)
    .orderBy(desc(offers.mailingMonth), asc(offers.businessName), asc(offers.id))
  if (rows.length === 0) return []
  const lines = await db
    .select({
      offerId: offerLines.offerId,
      previousDate: offerLines.previousDate,
      id: orders.id,
      date: orders.itemDate,
      iconName: orders.itemName,
      iconSize: orders.itemSize,
      mapIconId: orders.mapIconId,
      amountCents: orders.amountCents,
    })
    .from(offerLines)
    .innerJoin(orders, eq(orders.id, offerLines.orderId))
    .where(
      inArray(
        offerLines.offerId,
        rows.map((r) => r.offer.id),
      ),
    )
    .orderBy(sql`${orders.itemDate} asc nulls last`, asc(orders.id))
  return rows.map((r) => ({
    ...r,
    lines: lines
      .filter((l) => l.offerId === r.offer.id)
      .map((l) => ({
        id: l.id,
        kind: l.mapIconId || l.iconName ? ('map_icon' as const) : ('calendar_day' as const),
        description: describeOfferLine(l),
        date: l.mapIconId || l.iconName ? null : l.date,
        previousDate: l.previousDate,
        amountCents: l.amountCents,
      })),
  }))
}

function toOfferDto(loaded: LoadedOffer, timeZone: string, now: Date): OfferDto {
  const { offer } = loaded
  return {
    id: offer.id,
    mailingMonth: offer.mailingMonth,
    mailingLabel: mailingMonthLabel(offer.mailingMonth),
    state: offerStateAt(offer, now),
    expiresAt: offer.expiresAt.toISOString(),
    expiresText: deadlineText(offer.expiresAt, timeZone),
    lines: loaded.lines,
    totalCents: loaded.lines.reduce((sum, l) => sum + l.amountCents, 0),
    purchaseReference: loaded.reference,
  }
}

const toPublicOfferDto = (loaded: LoadedOffer, timeZone: string, now: Date): PublicOfferDto => ({
  ...toOfferDto(loaded, timeZone, now),
  businessName: loaded.offer.businessName,
})

const toAdminOfferDto = (loaded: LoadedOffer, timeZone: string, now: Date): AdminOfferDto => ({
  ...toOfferDto(loaded, timeZone, now),
  advertiserId: loaded.advertiserId,
  businessName: loaded.offer.businessName,
  email: loaded.offer.email,
  phone: loaded.phone,
  sentAt: loaded.offer.sentAt?.toISOString() ?? null,
  sentCount: loaded.offer.sentCount,
})

async function loadOffer(db: Db, offerId: string): Promise<LoadedOffer> {
  const [loaded] = isUuid(offerId) ? await loadOffers(db, eq(offers.id, offerId)) : []
  if (!loaded) throw new AppError('not_found', OFFER_TEXTS.notFound)
  return loaded
}

// ---------------------------------------------------------------- who may act on an offer

/** The offer an e-mailed link names (its token is the only credential), or a 404. */
export async function offerIdOfToken(db: Db, token: string): Promise<string> {
  const [row] = isOfferToken(token)
    ? await db
        .select({ offerId: offerLinks.offerId })
        .from(offerLinks)
        .where(eq(offerLinks.tokenHash, hashOfferToken(token)))
    : []
  if (!row) throw new AppError('not_found', OFFER_TEXTS.notFound)
  return row.offerId
}

/** The advertiser of a signed-in address, as the account finds it (trimmed, lower case), or null. */
async function advertiserOfEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: advertiserEmails.advertiserId })
    .from(advertiserEmails)
    .where(eq(advertiserEmails.email, email.trim().toLowerCase()))
  return row?.id ?? null
}

/** The offer if it is the signed-in advertiser's own; anyone else's is "not found", never "forbidden". */
export async function ownOfferId(db: Db, email: string, offerId: string): Promise<string> {
  const advertiserId = await advertiserOfEmail(db, email)
  const [row] =
    advertiserId && isUuid(offerId)
      ? await db
          .select({ id: offers.id })
          .from(offers)
          .innerJoin(purchases, eq(purchases.id, offers.purchaseId))
          .where(and(eq(offers.id, offerId), eq(purchases.advertiserId, advertiserId)))
      : []
  if (!row) throw new AppError('not_found', OFFER_TEXTS.notFound)
  return row.id
}

// ---------------------------------------------------------------- reads

export async function getPublicOffer(
  ctx: Pick<OffersContext, 'db' | 'config'>,
  offerId: string,
  now: Date = new Date(),
): Promise<PublicOfferDto> {
  return toPublicOfferDto(await loadOffer(ctx.db, offerId), ctx.config.timeZone, now)
}

/** The signed-in advertiser's offers (GET /api/account), newest mailing first. */
export async function listAdvertiserOffers(
  db: Db,
  email: string,
  timeZone: string,
  now: Date = new Date(),
): Promise<PublicOfferDto[]> {
  const advertiserId = await advertiserOfEmail(db, email)
  if (!advertiserId) return []
  const loaded = await loadOffers(db, eq(purchases.advertiserId, advertiserId))
  return loaded.map((l) => toPublicOfferDto(l, timeZone, now))
}

/** The owner's list of one mailing's offers: who was offered what, and who kept, released or let lapse. */
export async function listMailingOffers(
  ctx: Pick<OffersContext, 'db' | 'config'>,
  month: string,
  now: Date = new Date(),
): Promise<AdminMailingOffersDto> {
  const [mailing] = MONTH_KEY_PATTERN.test(month)
    ? await ctx.db
        .select({ windowDays: mailings.priorityWindowDays, offersMadeAt: mailings.offersMadeAt })
        .from(mailings)
        .where(eq(mailings.month, month))
    : []
  if (!mailing) throw new AppError('not_found', MAILING_NOT_FOUND)
  const loaded = await loadOffers(ctx.db, eq(offers.mailingMonth, month))
  return {
    month,
    windowDays: mailing.windowDays,
    offersMadeAt: mailing.offersMadeAt?.toISOString() ?? null,
    offers: loaded.map((l) => toAdminOfferDto(l, ctx.config.timeZone, now)),
  }
}

// ---------------------------------------------------------------- the advertiser's actions

/** Locks an offer's lines (order rows, by id), then the offer row: the order a payment takes them in. */
async function lockOffer(tx: Db, offerId: string) {
  const lines = await tx
    .select({ order: orders })
    .from(orders)
    .innerJoin(offerLines, eq(offerLines.orderId, orders.id))
    .where(eq(offerLines.offerId, offerId))
    .orderBy(asc(orders.id))
    .for('update', { of: orders })
  const [offer] = await tx.select().from(offers).where(eq(offers.id, offerId)).for('update')
  if (!offer) throw new AppError('not_found', OFFER_TEXTS.notFound)
  return { offer, lines: lines.map((l) => l.order) }
}

/** The 409 of an offer that is no longer waiting for the advertiser. */
function notOfferedError(state: OfferState): AppError {
  if (state === 'kept') return new AppError('conflict', OFFER_TEXTS.kept)
  if (state === 'released') return new AppError('conflict', OFFER_TEXTS.released)
  return new AppError('conflict', OFFER_TEXTS.lapsed)
}

/**
 * "Keep my spots": the held lines go on a payment session of the site's provider and the answer is where to
 * pay; opened again, from anywhere, it leads to the same session while that can be paid (openPaymentForLines). Paying takes the normal payment path, which
 * marks the lines paid, issues the receipt and makes the offer 'kept'. 409 once it is kept, released or
 * lapsed, or when the mailing's sales have closed.
 */
export async function keepOffer(
  ctx: OffersContext,
  offerId: string,
  now: Date = new Date(),
): Promise<string> {
  const [offer] = await ctx.db.select().from(offers).where(eq(offers.id, offerId))
  if (!offer) throw new AppError('not_found', OFFER_TEXTS.notFound)
  const state = offerStateAt(offer, now)
  if (state !== 'offered') throw notOfferedError(state)
  const [mailing] = await ctx.db.select().from(mailings).where(eq(mailings.month, offer.mailingMonth))
  if (mailing?.status !== 'open' || mailing.salesCloseAt.getTime() <= now.getTime())
    throw new AppError('conflict', salesClosedText(offer.mailingMonth))
  // The offer's own lines, still held: its hold is the offer's, whatever becomes of a payment session.
  const stillHeld = and(
    eq(orders.status, 'pending'),
    gt(orders.expiresAt, now),
    inArray(
      orders.id,
      ctx.db.select({ id: offerLines.orderId }).from(offerLines).where(eq(offerLines.offerId, offerId)),
    ),
  )
  // The card page closes with the hold (a minute before it), within what the provider allows.
  const sessionEnd = Math.max(
    now.getTime() + MIN_SESSION_MS,
    Math.min(now.getTime() + PAY_SESSION_MS, offer.expiresAt.getTime() - 60_000),
  )
  const target = await openPaymentForLines(
    ctx,
    {
      purchaseId: offer.purchaseId,
      email: offer.email,
      payable: stillHeld,
      sessionExpiresAt: new Date(Math.floor(sessionEnd / 1000) * 1000),
    },
    now,
  )
  if (!target) throw new AppError('conflict', OFFER_TEXTS.lapsed)
  return target
}

/**
 * The e-mailed "Keep my spots" link (a GET): to the checkout while the offer is waiting; else to the
 * offer's page, which says what became of it.
 */
export async function keepLinkTarget(ctx: OffersContext, token: string, now: Date = new Date()) {
  const offerId = await offerIdOfToken(ctx.db, token)
  try {
    return await keepOffer(ctx, offerId, now)
  } catch (error) {
    if (error instanceof AppError && error.code === 'conflict') return offerPagePath(token)
    throw error
  }
}

/**
 * Gives the spots back: the held lines expire at once (each day free again, each icon unit free), and the
 * offer is 'released'. Only while it is waiting for the advertiser (409 otherwise). A payment that still
 * arrives for a session opened before goes through the late-payment rule, as for any lapsed hold.
 */
export async function releaseOffer(
  ctx: Pick<OffersContext, 'db' | 'config'>,
  offerId: string,
  now: Date = new Date(),
): Promise<PublicOfferDto> {
  await ctx.db.transaction(async (tx) => {
    const { offer, lines } = await lockOffer(tx, offerId)
    const state = offerStateAt(offer, now)
    if (state !== 'offered') throw notOfferedError(state)
    for (const line of lines)
      if (line.status === 'pending') await applyOrderStatusChange(tx, line, 'expired', now)
    await tx
      .update(offers)
      .set({ state: 'released', endedAt: now, updatedAt: now })
      .where(eq(offers.id, offerId))
  })
  return getPublicOffer(ctx, offerId, now)
}

// ---------------------------------------------------------------- the owner's actions

async function requireOffered(tx: Db, offerId: string, now: Date) {
  if (!isUuid(offerId)) throw new AppError('not_found', OFFER_TEXTS.notFound)
  const locked = await lockOffer(tx, offerId)
  if (offerStateAt(locked.offer, now) !== 'offered') throw new AppError('conflict', OFFER_TEXTS.notOffered)
  return locked
}

/** Queues the offer's e-mail again (with a link of its own), only while the offer is waiting. */
export async function resendOffer(
  ctx: OffersContext,
  offerId: string,
  by: string,
  now: Date = new Date(),
): Promise<AdminOfferDto> {
  await ctx.db.transaction(async (tx) => {
    const { offer } = await requireOffered(tx, offerId, now)
    const loaded = await loadOffer(tx, offerId)
    const token = await newOfferLink(tx, offerId)
    const sending = offer.sentCount + 1
    await enqueueEmail(tx, offerEmail(emailOffer(offer, loaded), token, sending, emailContext(ctx)))
    await tx
      .update(offers)
      .set({ sentAt: now, sentCount: sending, updatedAt: now })
      .where(eq(offers.id, offerId))
    ctx.logger.info({ offerId, by, sending }, 'offer e-mail queued again')
  })
  return toAdminOfferDto(await loadOffer(ctx.db, offerId), ctx.config.timeZone, now)
}

/**
 * Pushes the hold's end later by whole days, on the offer and its held lines alike, only while the offer is
 * waiting and its hold has not ended.
 */
export async function extendOffer(
  ctx: Pick<OffersContext, 'db' | 'config'>,
  offerId: string,
  days: number,
  by: string,
  now: Date = new Date(),
): Promise<AdminOfferDto> {
  await ctx.db.transaction(async (tx) => {
    await setOrderActor(tx, by)
    const { offer, lines } = await requireOffered(tx, offerId, now)
    const expiresAt = new Date(offer.expiresAt.getTime() + days * 86_400_000)
    const held = lines.filter((l) => l.status === 'pending' && l.expiresAt && l.expiresAt > now)
    if (held.length > 0)
      await tx
        .update(orders)
        .set({ expiresAt, updatedAt: now })
        .where(
          and(
            inArray(
              orders.id,
              held.map((l) => l.id),
            ),
            eq(orders.status, 'pending'),
          ),
        )
    await tx.update(offers).set({ expiresAt, updatedAt: now }).where(eq(offers.id, offerId))
  })
  return toAdminOfferDto(await loadOffer(ctx.db, offerId), ctx.config.timeZone, now)
}

function emailContext(ctx: OffersContext): OfferEmailContext {
  return {
    site: ctx.config.site,
    timeZone: ctx.config.timeZone,
    publicOrigin: ctx.config.publicOrigin,
    secret: ctx.secret,
  }
}

function emailOffer(offer: OfferRow, loaded: LoadedOffer) {
  return {
    id: offer.id,
    month: offer.mailingMonth,
    purchaseId: offer.purchaseId,
    businessName: offer.businessName,
    email: offer.email,
    expiresAt: offer.expiresAt,
    lines: loaded.lines.map((l) => ({ description: l.description, amountCents: l.amountCents })),
  }
}

// ---------------------------------------------------------------- the offers task's part

/** Offers whose window has ended become 'lapsed' (their lines lapse by their own expiry). Safe anywhere. */
export async function markLapsedOffers(db: Db, now: Date = new Date()): Promise<number> {
  const rows = await db
    .update(offers)
    .set({ state: 'lapsed', endedAt: sql`${offers.expiresAt}`, updatedAt: now })
    .where(and(eq(offers.state, 'offered'), lte(offers.expiresAt, now)))
    .returning({ id: offers.id })
  return rows.length
}

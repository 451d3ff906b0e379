import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { orderRefunds, orders } from '#server/db/schema.ts'
import type { ServerConfig } from '#server/env.ts'
import { AppError } from '#server/lib/errors.ts'
import type { Logger } from '#server/lib/logger.ts'
import { enqueueEmail } from '#server/lib/mailer/outbox.ts'
import {
  type PaymentProvider,
  type ProviderRefundEvent,
  RefundRefusedError,
} from '#server/lib/payments/payment-provider.ts'
import { ORDER_NOT_FOUND_MESSAGE } from '#shared/admin-orders.ts'
import { formatPrice } from '#shared/format.ts'
import type { RefundDto, RefundStatus } from '#shared/refunds.ts'
import { setOrderActor } from '../orders/order-actor.ts'
import type { EmailOrderItem } from '../orders/order-email-lines.ts'
import { applyOrderStatusChange } from '../orders/order-status.service.ts'
import { adminRefundFailedNotice, buyerRefundEmail } from './refund-emails.ts'

/**
 * An administrator's refund of some or all lines of one checkout, recorded in order_refunds.
 *
 *   1. One transaction locks the lines (FOR UPDATE), checks them (one checkout, all paid, none in a refund
 *      still waiting for its provider) and writes the refund record with a fresh idempotency key. It is
 *      committed before any money moves, so a crash afterwards leaves a record, never an unrecorded refund.
 *   2. The provider is asked to refund, with that key and the lines' amount.
 *   3. When the provider says the money is on its way back (the local provider always; Stripe often at
 *      once, otherwise later by a refund.updated event), one transaction marks the record succeeded, the
 *      lines refunded (applyOrderStatusChange frees their days and icon units) and queues the buyer's
 *      e-mail. A refusal marks the record failed and leaves the lines paid.
 *
 * A line is refunded in full or not at all: the amount is always the lines' total (a partial amount could
 * never make a line refunded, so it is refused rather than half-honoured).
 *
 * When the provider does not answer (a timeout, an outage) the outcome is unknown: the record stays
 * requested and the same request, sent again, repeats the provider call with the same key, so the
 * provider refunds at most once.
 */
export type RefundContext = {
  db: Db
  payments: PaymentProvider
  config: Pick<ServerConfig, 'site' | 'mail'>
  logger: Logger
  now: () => Date
}

/** Lines of a manual order (or marked paid by hand) were paid outside the site: nothing to call. */
const MANUAL_PROVIDER = 'manual'

const REFUND_UNCERTAIN_MESSAGE =
  'The payment provider did not answer, so the refund may not have been made yet. Please try again: the retry repeats this same refund and never refunds twice.'

type RefundRow = typeof orderRefunds.$inferSelect
type OrderRow = typeof orders.$inferSelect

type CreateRefundCommand = {
  orderIds: string[]
  amountCents?: number
  reason: string
  emailBuyer: boolean
  by: string
}

function toRefundDto(row: RefundRow): RefundDto {
  return {
    id: row.id,
    checkoutKey: row.purchaseId,
    orderIds: row.orderIds,
    amountCents: row.amountCents,
    reason: row.reason,
    emailBuyer: row.emailBuyer,
    provider: row.provider,
    status: row.status as RefundStatus,
    lastError: row.lastError,
    requestedBy: row.requestedBy,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  }
}

const money = (cents: number) => formatPrice(cents / 100)
const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((id) => b.includes(id))

async function lockOrders(tx: Db, ids: string[]): Promise<OrderRow[]> {
  return tx.select().from(orders).where(inArray(orders.id, ids)).orderBy(asc(orders.id)).for('update')
}

/** Step 1: checks and records the refund (or finds the unanswered one this same request repeats). */
async function recordRefund(
  ctx: RefundContext,
  command: CreateRefundCommand,
): Promise<{ refund: RefundRow; resumed: boolean }> {
  return ctx.db.transaction(async (tx) => {
    await setOrderActor(tx, command.by)
    const rows = await lockOrders(tx, command.orderIds)
    if (rows.length !== command.orderIds.length) {
      const found = new Set(rows.map((r) => r.id))
      const missing = command.orderIds.filter((id) => !found.has(id))
      throw new AppError('not_found', ORDER_NOT_FOUND_MESSAGE, {
        orderIds: missing.map((id) => `No order ${id}.`),
      })
    }
    const checkoutKeys = [...new Set(rows.map((r) => r.purchaseId))]
    const checkoutKey = checkoutKeys[0] as string
    if (checkoutKeys.length > 1)
      throw new AppError(
        'conflict',
        'These lines belong to different checkouts. Refund each checkout on its own.',
      )
    const unpaid = rows.filter((r) => r.status !== 'paid')
    if (unpaid.length > 0)
      throw new AppError(
        'conflict',
        `Only paid lines can be refunded: ${unpaid.map((r) => `${r.id} is ${r.status}`).join(', ')}.`,
      )

    const waiting = (
      await tx
        .select()
        .from(orderRefunds)
        .where(and(eq(orderRefunds.purchaseId, checkoutKey), eq(orderRefunds.status, 'requested')))
    ).filter((refund) => refund.orderIds.some((id) => command.orderIds.includes(id)))
    const [unanswered] = waiting
    if (
      waiting.length === 1 &&
      unanswered &&
      unanswered.providerRefundId === null &&
      sameSet(unanswered.orderIds, command.orderIds)
    )
      // The provider never answered this refund: the same request repeats it with the same key.
      return { refund: unanswered, resumed: true }
    if (waiting.length > 0) {
      const ids = command.orderIds.filter((id) => waiting.some((refund) => refund.orderIds.includes(id)))
      throw new AppError(
        'conflict',
        `${ids.join(', ')} ${ids.length === 1 ? 'is' : 'are'} already being refunded: the line becomes refunded when the payment provider confirms.`,
      )
    }

    const amountCents = rows.reduce((sum, r) => sum + r.amountCents, 0)
    if (amountCents === 0)
      throw new AppError('validation_failed', 'These lines cost nothing: there is no money to refund.')
    if (command.amountCents !== undefined && command.amountCents !== amountCents)
      throw new AppError('validation_failed', 'The amount must be the total of the selected lines.', {
        amountCents: [
          `Refund ${money(amountCents)}, the total of the selected lines: a line is refunded in full or not at all.`,
        ],
      })

    const paymentRefs = [...new Set(rows.map((r) => r.paymentIntentId))]
    if (paymentRefs.length > 1)
      throw new AppError('conflict', 'These lines were paid in different payments. Refund them one by one.')
    const paymentRef = paymentRefs[0] ?? null
    const provider = paymentRef ? (rows[0]?.paymentProvider ?? ctx.payments.name) : MANUAL_PROVIDER
    if (provider !== MANUAL_PROVIDER && provider !== ctx.payments.name)
      throw new AppError(
        'conflict',
        `This checkout was paid through ${provider}, which is not set up on this server. Refund it in ${provider} itself.`,
      )

    const id = randomUUID()
    const [refund] = await tx
      .insert(orderRefunds)
      .values({
        id,
        purchaseId: checkoutKey,
        orderIds: rows.map((r) => r.id),
        amountCents,
        reason: command.reason,
        emailBuyer: command.emailBuyer,
        provider,
        paymentRef,
        idempotencyKey: `admin-refund:${id}`,
        status: 'requested',
        requestedBy: command.by,
        createdAt: ctx.now(),
      })
      .returning()
    if (!refund) throw new Error('the refund record was not written')
    // Paid outside the site (a manual order): the money goes back the same way; nothing to call.
    if (provider === MANUAL_PROVIDER) await completeLockedRefund(tx, ctx, refund, null)
    return { refund, resumed: false }
  })
}

async function readRefund(db: Db, id: string): Promise<RefundRow> {
  const [row] = await db.select().from(orderRefunds).where(eq(orderRefunds.id, id))
  if (!row) throw new Error(`refund ${id} vanished`)
  return row
}

/** POST /api/admin/refunds */
export async function createRefund(ctx: RefundContext, command: CreateRefundCommand): Promise<RefundDto> {
  const { refund } = await recordRefund(ctx, command)
  if (refund.provider === MANUAL_PROVIDER || refund.status !== 'requested' || !refund.paymentRef)
    return toRefundDto(await readRefund(ctx.db, refund.id))

  let result: Awaited<ReturnType<PaymentProvider['refund']>>
  try {
    result = await ctx.payments.refund(refund.paymentRef, refund.idempotencyKey, {
      amountCents: refund.amountCents,
      metadata: { refundId: refund.id, checkoutKey: refund.purchaseId, orderIds: refund.orderIds.join(',') },
    })
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000)
    if (error instanceof RefundRefusedError) {
      await ctx.db
        .update(orderRefunds)
        .set({ status: 'failed', lastError: message, completedAt: ctx.now() })
        .where(and(eq(orderRefunds.id, refund.id), eq(orderRefunds.status, 'requested')))
      ctx.logger.warn({ refundId: refund.id, err: message }, 'refund refused by the payment provider')
      throw new AppError(
        'bad_gateway',
        `The payment provider refused the refund: ${message} Nothing was refunded and the lines stay paid.`,
      )
    }
    await ctx.db
      .update(orderRefunds)
      .set({ lastError: message })
      .where(and(eq(orderRefunds.id, refund.id), eq(orderRefunds.status, 'requested')))
    ctx.logger.error({ refundId: refund.id, err: error }, 'refund: the payment provider did not answer')
    throw new AppError('unavailable', REFUND_UNCERTAIN_MESSAGE)
  }

  if (result.status === 'succeeded') {
    await completeRefund(ctx, { refundId: refund.id, providerRefundId: result.id })
  } else {
    // Accepted, not yet confirmed: a refund.updated event completes (or fails) it.
    await ctx.db
      .update(orderRefunds)
      .set({ providerRefundId: result.id, lastError: null })
      .where(eq(orderRefunds.id, refund.id))
  }
  return toRefundDto(await readRefund(ctx.db, refund.id))
}

/** Completes a requested refund in its own transaction; false when it was no longer requested. */
async function completeRefund(
  ctx: RefundContext,
  match: { refundId: string; providerRefundId: string | null },
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [refund] = await tx
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.id, match.refundId))
      .for('update')
    if (!refund) return false
    return completeLockedRefund(tx, ctx, refund, match.providerRefundId)
  })
}

/**
 * The provider confirmed (or there is none): the record becomes succeeded, its lines that are still paid
 * become refunded (days and icon units freed) and the buyer is e-mailed if asked. Applied once: a record
 * that is no longer requested is left alone, so a repeated confirmation changes nothing.
 */
async function completeLockedRefund(
  tx: Db,
  ctx: RefundContext,
  refund: RefundRow,
  providerRefundId: string | null,
): Promise<boolean> {
  if (refund.status !== 'requested') return false
  const now = ctx.now()
  // The history names the administrator who asked for the refund, also when a webhook confirms it.
  await setOrderActor(tx, refund.requestedBy)
  const lines = await lockOrders(tx, refund.orderIds)
  for (const line of lines)
    if (line.status === 'paid') await applyOrderStatusChange(tx, line, 'refunded', now)
  await tx
    .update(orderRefunds)
    .set({
      status: 'succeeded',
      completedAt: now,
      lastError: null,
      providerRefundId: providerRefundId ?? refund.providerRefundId,
    })
    .where(eq(orderRefunds.id, refund.id))
  const [first] = lines
  if (refund.emailBuyer && first)
    await enqueueEmail(
      tx,
      buyerRefundEmail(
        {
          refundId: refund.id,
          checkoutKey: refund.purchaseId,
          businessName: first.businessName,
          email: first.email,
          provider: refund.provider,
          amountCents: refund.amountCents,
          reason: refund.reason,
          items: lines.map(toEmailItem),
        },
        ctx.config.site,
      ),
    )
  return true
}

function toEmailItem(order: OrderRow): EmailOrderItem {
  const meta = order.metadata ?? {}
  return {
    id: order.id,
    date: order.itemDate,
    iconName: order.itemName,
    description: typeof meta.description === 'string' ? meta.description : null,
    units: typeof meta.units === 'number' ? meta.units : null,
    amountCents: order.amountCents,
  }
}

/** The provider reports that a requested refund failed: the lines stay paid, the administrator is told. */
async function failLockedRefund(tx: Db, ctx: RefundContext, refund: RefundRow, error: string) {
  if (refund.status !== 'requested') return false
  await tx
    .update(orderRefunds)
    .set({ status: 'failed', lastError: error.slice(0, 1000), completedAt: ctx.now() })
    .where(eq(orderRefunds.id, refund.id))
  const [first] = await tx
    .select({ businessName: orders.businessName })
    .from(orders)
    .where(inArray(orders.id, refund.orderIds))
    .limit(1)
  await enqueueEmail(
    tx,
    adminRefundFailedNotice(
      {
        refundId: refund.id,
        checkoutKey: refund.purchaseId,
        businessName: first?.businessName ?? refund.purchaseId,
        amountCents: refund.amountCents,
        orderIds: refund.orderIds,
        error,
      },
      ctx.config.site,
      ctx.config.mail.adminNotifyEmail,
    ),
  )
  return true
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * A Stripe refund event (refund.created, refund.updated, refund.failed, charge.refund.updated), inside the
 * webhook's transaction (which records the event id, so each event is applied once). Matched by the
 * refund id stored in its metadata (the event may arrive before the create call's answer is stored), else
 * by the provider's refund id. A refund made in Stripe's dashboard matches no record: charge.refunded
 * handles a full one as before.
 */
export async function applyProviderRefundEvent(
  tx: Db,
  ctx: RefundContext,
  object: ProviderRefundEvent,
): Promise<string> {
  const ourId = object.metadata?.refundId
  const [refund] = await tx
    .select()
    .from(orderRefunds)
    .where(
      ourId && UUID.test(ourId) ? eq(orderRefunds.id, ourId) : eq(orderRefunds.providerRefundId, object.id),
    )
    .for('update')
  if (!refund) return 'refund_unknown'
  if (refund.providerRefundId === null)
    await tx.update(orderRefunds).set({ providerRefundId: object.id }).where(eq(orderRefunds.id, refund.id))
  if (object.status === 'succeeded')
    return (await completeLockedRefund(tx, ctx, refund, object.id))
      ? 'refund_succeeded'
      : 'refund_already_applied'
  if (object.status === 'failed' || object.status === 'canceled') {
    const reason = `Stripe refund ${object.id} ${object.status}: ${object.failure_reason ?? 'no reason given'}`
    return (await failLockedRefund(tx, ctx, refund, reason)) ? 'refund_failed' : 'refund_already_applied'
  }
  return 'refund_pending'
}

/**
 * The paid lines of a payment that a requested refund is waiting for: a charge.refunded event must not
 * mark them refunded before that refund is confirmed (it may still fail).
 */
export async function ordersAwaitingRefund(tx: Db, paymentRef: string): Promise<string[]> {
  const rows = await tx
    .select({ orderIds: orderRefunds.orderIds })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.paymentRef, paymentRef), eq(orderRefunds.status, 'requested')))
  return rows.flatMap((r) => r.orderIds)
}

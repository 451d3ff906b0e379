import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { orders, refunds } from '#server/db/schema.ts'
import { AppError } from '#server/lib/errors.ts'
import { ORDER_NOT_FOUND_MESSAGE } from '#shared/admin-orders.ts'
import { formatPrice } from '#shared/format.ts'
import type { RefundDto, RefundKind, RefundStatus } from '#shared/refunds.ts'
import { setOrderActor } from '../orders/order-actor.ts'
import {
  attemptRefund,
  claimRefund,
  completeLockedRefund,
  MANUAL_PROVIDER,
  type RefundContext,
  type RefundRow,
} from '../orders/refunds.service.ts'

/**
 * An administrator's refund of some or all lines of one purchase (the refund model and its worker are the
 * orders kernel's, features/orders/refunds.service.ts):
 *
 *   1. One transaction locks the lines (FOR UPDATE), checks them (one purchase, all paid, none in a refund
 *      still waiting for its provider) and writes the refund record with a fresh idempotency key. It is
 *      committed before any money moves, so a crash afterwards leaves a record the worker carries out.
 *   2. The request claims the record and asks the provider at once, with that key and the lines' amount.
 *   3. When the provider says the money is on its way back (the local provider always; Stripe often at
 *      once, otherwise later by a refund event), the record becomes succeeded, the lines refunded (their
 *      days and icon units freed) and the buyer's e-mail is queued. A refusal marks the record failed and
 *      leaves the lines paid.
 *
 * A line is refunded in full or not at all: the amount is always the lines' total (a partial amount could
 * never make a line refunded, so it is refused rather than half-honoured).
 *
 * When the provider does not answer (a timeout, an outage) the outcome is unknown: the record stays
 * requested and the worker retries it with the same key; the same request, sent again, retries it at once.
 * The provider refunds it at most once either way.
 */
const REFUND_UNCERTAIN_MESSAGE =
  'The payment provider did not answer, so the refund may not have been made yet. It is retried automatically, and trying again now repeats this same refund: it never refunds twice.'

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
    kind: row.kind as RefundKind,
    checkoutKey: row.purchaseId ?? '',
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
    const purchaseIds = [...new Set(rows.map((r) => r.purchaseId))]
    const purchaseId = purchaseIds[0] as string
    if (purchaseIds.length > 1)
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
        .from(refunds)
        // Read, not locked: the lines' locks above already queue requests for the same lines, and the worker
        // and the webhook lock a refund before its lines, so locking it here could deadlock with them.
        .where(and(eq(refunds.purchaseId, purchaseId), eq(refunds.status, 'requested')))
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
      .insert(refunds)
      .values({
        id,
        kind: 'admin',
        purchaseId,
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
        nextAttemptAt: ctx.now(),
      })
      .returning()
    if (!refund) throw new Error('the refund record was not written')
    // Paid outside the site (a manual order): the money goes back the same way; nothing to call.
    if (provider === MANUAL_PROVIDER) await completeLockedRefund(tx, ctx, refund, null)
    return { refund, resumed: false }
  })
}

async function readRefund(db: Db, id: string): Promise<RefundRow> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id))
  if (!row) throw new Error(`refund ${id} vanished`)
  return row
}

/** POST /api/admin/refunds */
export async function createRefund(ctx: RefundContext, command: CreateRefundCommand): Promise<RefundDto> {
  const { refund } = await recordRefund(ctx, command)
  if (refund.provider === MANUAL_PROVIDER || refund.status !== 'requested' || !refund.paymentRef)
    return toRefundDto(await readRefund(ctx.db, refund.id))
  // Claimed for this request; null when the worker is asking the provider right now or it already answered.
  const claimed = await claimRefund(ctx, refund.id)
  const attempt = claimed ? await attemptRefund(ctx, claimed) : null
  if (attempt?.outcome === 'refused')
    throw new AppError(
      'bad_gateway',
      `The payment provider refused the refund: ${attempt.message} Nothing was refunded and the lines stay paid.`,
    )
  if (attempt?.outcome === 'unanswered') throw new AppError('unavailable', REFUND_UNCERTAIN_MESSAGE)
  return toRefundDto(await readRefund(ctx.db, refund.id))
}

import { AppError } from '#server/lib/errors.ts'
import type { PaymentProvider, PaymentSessionState } from '#server/lib/payments/payment-provider.ts'
import { countHit, type RateLimitRule } from '#server/lib/rate-limit.ts'
import type { OrdersBySessionResponse, SessionOrderDto } from '#shared/checkout.ts'
import { checkoutArtwork } from '../orders/checkout-artwork.service.ts'
import type { CheckoutContext } from './checkout-context.ts'
import { cancelCheckoutSession, confirmCheckoutPayment } from './payment-confirmation.service.ts'
import { listSessionOrders, type SessionOrder } from './session-order-list.service.ts'

const NO_ORDERS_FOR_SESSION = 'No orders were found for this checkout session.'

function toDto(order: SessionOrder): SessionOrderDto {
  return {
    id: order.id,
    type: order.type,
    date: order.date,
    iconName: order.iconName,
    description: order.description,
    units: order.units,
    amount: order.amountCents / 100,
    status: order.status,
  }
}

/** Lookups that ask the payment provider, per client address: the thank-you page makes 3 at most. */
const PROVIDER_LOOKUPS_PER_CLIENT: RateLimitRule = { window: 60, max: 20 }
const TOO_MANY_LOOKUPS_MESSAGE =
  'Too many order lookups from your connection. Please wait a minute and try again.'
/** How long the provider's answer about one session is reused (every caller of that session shares it). */
const PROVIDER_ANSWER_TTL_MS = 5_000
const MAX_CACHED_ANSWERS = 1000

type CachedAnswer = { at: number; answer: Promise<PaymentSessionState | null> }
const providerAnswers = new WeakMap<PaymentProvider, Map<string, CachedAnswer>>()

/**
 * The provider's state of a session, asked at most once per PROVIDER_ANSWER_TTL_MS per session (in this
 * instance; concurrent lookups share the one call in flight). A failed call is not kept.
 */
function askProvider(ctx: CheckoutContext, sessionId: string): Promise<PaymentSessionState | null> {
  let answers = providerAnswers.get(ctx.payments)
  if (!answers) {
    answers = new Map()
    providerAnswers.set(ctx.payments, answers)
  }
  const now = ctx.now().getTime()
  const cached = answers.get(sessionId)
  if (cached && now - cached.at < PROVIDER_ANSWER_TTL_MS) return cached.answer
  if (answers.size >= MAX_CACHED_ANSWERS)
    for (const [key, entry] of answers) if (now - entry.at >= PROVIDER_ANSWER_TTL_MS) answers.delete(key)
  if (answers.size >= MAX_CACHED_ANSWERS) answers.delete(answers.keys().next().value as string)
  const answer = ctx.payments.retrieveSession(sessionId)
  const entry = { at: now, answer }
  answers.set(sessionId, entry)
  answer.catch(() => {
    if (answers.get(sessionId) === entry) answers.delete(sessionId)
  })
  return answer
}

/**
 * get-orders-by-session: what the thank-you page shows. The session id is not a login, so the answer
 * holds only that session's items and amounts (no names, no e-mail). When the provider's event is late,
 * the provider is asked and a paid session's payment is confirmed here, through the same function a webhook uses.
 * Those lookups cost a provider API call: they are counted per client (`clientKey`, its address; 429 over
 * PROVIDER_LOOKUPS_PER_CLIENT) and the provider's answer is shared for a few seconds (askProvider).
 */
export async function getOrdersBySession(
  ctx: CheckoutContext,
  sessionId: string,
  clientKey = 'unknown',
): Promise<OrdersBySessionResponse> {
  let rows = await listSessionOrders(ctx.db, sessionId)
  if (rows.length === 0) return { orders: [], totalAmount: 0, error: NO_ORDERS_FOR_SESSION }

  const waiting = rows.some((o) => o.status === 'pending' || o.status === 'expired')
  if (waiting && ctx.payments.name !== 'local' && rows[0]?.paymentProvider === ctx.payments.name) {
    const hits = await countHit(ctx.db, `provider-lookups:${clientKey}`, PROVIDER_LOOKUPS_PER_CLIENT)
    if (hits > PROVIDER_LOOKUPS_PER_CLIENT.max) throw new AppError('rate_limited', TOO_MANY_LOOKUPS_MESSAGE)
    try {
      const state = await askProvider(ctx, sessionId)
      if (state?.isPaid) await confirmCheckoutPayment(ctx, sessionId, state.paymentRef ?? '')
      else if (state?.status === 'expired') await cancelCheckoutSession(ctx, sessionId)
      if (state) rows = await listSessionOrders(ctx.db, sessionId)
    } catch (error) {
      ctx.logger.warn({ err: error, sessionId }, 'could not ask the payment provider about a session')
    }
  }
  const paid = rows.some((o) => o.status === 'paid')
  return {
    orders: rows.map(toDto),
    // What is true now: a refunded (or deleted) line is listed as such and is not in the total.
    totalAmount:
      rows
        .filter((o) => o.status !== 'refunded' && o.status !== 'deleted')
        .reduce((sum, o) => sum + o.amountCents, 0) / 100,
    // The artwork page of a paid checkout (the same link its confirmation e-mail carries): the purchase's,
    // found by the lines' purchase (a pay link's session id is not a purchase).
    artwork: paid && rows[0] ? await checkoutArtwork(ctx.db, rows[0].purchaseId, ctx.config.timeZone) : null,
  }
}

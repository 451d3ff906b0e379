import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { rowsOf } from '#server/db/rows.ts'
import { AppError } from '#server/lib/errors.ts'
import { tooManyHeldDaysMessage, tooManyOpenCheckoutsMessage } from '#shared/checkout.ts'

/**
 * Who starts a checkout: the client address (behind TRUST_PROXY the forwarded one) and this browser's
 * checkout cookie. The address counts against the hold limits; the cookie proves that an earlier checkout
 * of the same e-mail is this browser's own, so that "Proceed" again may release it (an e-mail alone proves
 * nothing: anyone can type a buyer's address).
 */
export type CheckoutHolder = { clientAddress: string; browserToken: string | null }

/** The limits of ServerConfig.payments.holdLimits; 0 turns a limit off. */
export type HoldLimits = { openCheckouts: number; heldDays: number }

/** Stored on each order of a checkout (orders.metadata), hashed: the orders table keeps no address or cookie. */
const CLIENT_META_KEY = 'checkout_client'
export const BROWSER_META_KEY = 'checkout_browser'

export function holderKey(value: string): string {
  return createHash('sha256').update(value).digest('base64url')
}

export function holderMetadata(holder: CheckoutHolder | undefined): Record<string, string> {
  if (!holder) return {}
  return {
    [CLIENT_META_KEY]: holderKey(`client:${holder.clientAddress}`),
    ...(holder.browserToken ? { [BROWSER_META_KEY]: holderKey(`browser:${holder.browserToken}`) } : {}),
  }
}

/**
 * Takes this client's and this e-mail's checkout locks for the transaction (advisory, so two checkouts of
 * one client cannot both pass the count below), in a fixed order. Called before any row is locked: a
 * checkout waits here with no row locks held, so no lock cycle can form.
 */
export async function lockHolder(
  tx: Db,
  holder: CheckoutHolder | undefined,
  email: string,
  limits: HoldLimits,
): Promise<void> {
  if (!limitsOn(limits)) return
  const keys = [`checkout-email:${email.toLowerCase()}`]
  if (holder) keys.push(`checkout-client:${holder.clientAddress}`)
  for (const key of keys.sort())
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`)
}

function limitsOn(limits: HoldLimits): boolean {
  return limits.openCheckouts > 0 || limits.heldDays > 0
}

/**
 * Refuses (429) a checkout that would take this client address or this e-mail over the hold limits:
 * live holds only (pending, before expires_at), so a paid order, a lapsed or released hold, and a hold
 * waiting for an async payment (no expiry) never count; nor do the spots held for a returning advertiser
 * (source 'offer'): the owner holds them, not a checkout in progress. Inside the checkout's transaction, after
 * lockHolder and after this browser's own earlier checkout was released.
 */
export async function enforceHoldLimits(
  tx: Db,
  request: { holder: CheckoutHolder | undefined; email: string; dayCount: number },
  limits: HoldLimits,
  now: Date,
): Promise<void> {
  if (!limitsOn(limits)) return
  const client = request.holder ? holderKey(`client:${request.holder.clientAddress}`) : null
  const byClient = client ? sql`(o.metadata ->> ${CLIENT_META_KEY}) = ${client}` : sql`false`
  const byEmail = sql`lower(o.email) = lower(${request.email})`
  type Row = {
    client_checkouts: number
    client_days: number
    email_checkouts: number
    email_days: number
    first_end: number | null
  }
  const [row] = rowsOf<Row>(
    await tx.execute<Row>(sql`
      select
        count(distinct o.payment_session_id) filter (where ${byClient})::int as client_checkouts,
        count(*) filter (where ${byClient} and o.day_id is not null)::int as client_days,
        count(distinct o.payment_session_id) filter (where ${byEmail})::int as email_checkouts,
        count(*) filter (where ${byEmail} and o.day_id is not null)::int as email_days,
        extract(epoch from min(o.expires_at))::float8 as first_end
      from orders o
      where o.status = 'pending' and o.expires_at > ${now.toISOString()}::timestamptz
        and o.source <> 'offer' and (${byClient} or ${byEmail})`),
  )
  if (!row) return
  const firstEnd = row.first_end === null ? now.getTime() : Number(row.first_end) * 1000
  const minutesLeft = Math.max(1, Math.ceil((firstEnd - now.getTime()) / 60_000))
  const open = Math.max(Number(row.client_checkouts), Number(row.email_checkouts))
  if (limits.openCheckouts > 0 && open + 1 > limits.openCheckouts)
    throw new AppError('rate_limited', tooManyOpenCheckoutsMessage(limits.openCheckouts, minutesLeft))
  const held = Math.max(Number(row.client_days), Number(row.email_days))
  if (limits.heldDays > 0 && request.dayCount > 0 && held + request.dayCount > limits.heldDays)
    throw new AppError('rate_limited', tooManyHeldDaysMessage(held, limits.heldDays, minutesLeft))
}

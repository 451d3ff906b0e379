import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { rowsOf } from '#server/db/rows.ts'
import { enqueueEmail } from '#server/lib/mailer/outbox.ts'
import type { RateLimitRule } from '#server/lib/rate-limit.ts'
import { SIGN_IN_LINK_MINUTES } from '#shared/account.ts'

/**
 * The advertiser's one-time sign-in link (better-auth's magic-link plugin makes and spends the token; this
 * decides who gets one and writes the e-mail). A link goes only to an address that has bought or been
 * sold something (an advertiser with a purchase), never to a staff account (whose session would carry its
 * role), and at most SIGN_IN_LINKS_PER_ADDRESS times per window; every request is answered alike.
 */
export const SIGN_IN_LINK_LIFETIME_SECONDS = SIGN_IN_LINK_MINUTES * 60

/** Links one address may be sent per 15 minutes, so the form cannot flood someone's inbox. */
export const SIGN_IN_LINKS_PER_ADDRESS: RateLimitRule = { window: 15 * 60, max: 3 }

/** Requests one client address may make per 15 minutes (better-auth's limiter, sign-in and verify alike). */
export const SIGN_IN_LINK_REQUESTS_PER_IP: RateLimitRule = { window: 15 * 60, max: 10 }

export const signInLinkKey = (email: string) => `sign-in-links:${normaliseEmail(email)}`

export const normaliseEmail = (email: string) => email.trim().toLowerCase()

/** Why an address gets no link (or null: it gets one). */
export async function signInLinkRefusal(db: Db, email: string): Promise<'unknown' | 'staff' | null> {
  const address = normaliseEmail(email)
  type Row = { advertiser: boolean; staff: boolean }
  const [row] = rowsOf<Row>(
    await db.execute(sql`
      select
        exists (select 1 from advertiser_emails e join purchases p on p.advertiser_id = e.advertiser_id
          where e.email = ${address}) as advertiser,
        exists (select 1 from "user" u join user_roles r on r.user_id = u.id
          where lower(u.email) = ${address}) as staff`),
  )
  if (row?.staff) return 'staff'
  return row?.advertiser ? null : 'unknown'
}

/** Whether the user holds any staff role: such a user never signs in by e-mailed link. */
export async function isStaffUser(db: Db, userId: string): Promise<boolean> {
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql`select 1 as n from user_roles where user_id = ${userId} limit 1`),
  )
  return rows.length > 0
}

export async function enqueueSignInLinkEmail(
  db: Db,
  input: { to: string; url: string; token: string; productName: string },
): Promise<void> {
  await enqueueEmail(db, {
    // The token itself is a credential: the key names its hash.
    dedupeKey: `sign-in-link:${createHash('sha256').update(input.token).digest('hex')}`,
    kind: 'sign_in_link',
    to: input.to,
    subject: `Your ${input.productName} sign-in link`,
    text: [
      `Here is your link to sign in to your ${input.productName} account: your orders, receipts and artwork.`,
      '',
      `It works once, for ${SIGN_IN_LINK_MINUTES} minutes:`,
      input.url,
      '',
      'If you did not ask for it, ignore this e-mail: nobody can sign in without the link.',
    ].join('\n'),
  })
}

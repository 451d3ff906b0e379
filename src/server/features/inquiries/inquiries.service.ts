import type { Db } from '#server/db/client.ts'
import { emailInquiries } from '#server/db/schema.ts'
import { enqueueEmail } from '#server/lib/mailer/outbox.ts'
import { countHit, type RateLimitRule } from '#server/lib/rate-limit.ts'
import type { CreateInquiryInput } from '#shared/inquiries.ts'
import { adminContactInquiryEmail } from './inquiry-emails.ts'

/** Form submissions one client address may make in 10 minutes. */
export const INQUIRIES_PER_IP: RateLimitRule = { window: 10 * 60, max: 10 }

/** Counts one submission from the address; false once it is over the limit. */
export async function tryCountInquiry(db: Db, ip: string, now = Date.now()): Promise<boolean> {
  return (await countHit(db, `inquiries:${ip}`, INQUIRIES_PER_IP, now)) <= INQUIRIES_PER_IP.max
}

/**
 * The mailing list stores metadata {name} and the optional message (its own column); the waitlist {name, businessName,
 * type: 'waitlist'} (businessName null when left empty; name null from the e-mail-only waitlist on
 * /5k-example, stored rather than dropped: decision 010).
 */
export async function createInquiry(
  db: Db,
  input: CreateInquiryInput,
  notify: { adminEmail: string; publicOrigin: string },
): Promise<void> {
  if (input.type === 'waitlist') {
    const metadata = { name: input.name ?? null, businessName: input.businessName || null, type: 'waitlist' }
    await db.insert(emailInquiries).values({ email: input.email, metadata })
    return
  }
  // The /contact form ('Inquire'): the admin hears of each one, in
  // the insert's transaction so the notice exists iff the inquiry does.
  const message = input.message || null
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(emailInquiries)
      .values({ email: input.email, metadata: { name: input.name }, message })
      .returning({ id: emailInquiries.id })
    if (!row) throw new Error('the inquiry insert returned no row')
    await enqueueEmail(
      tx,
      adminContactInquiryEmail({
        inquiryId: row.id,
        email: input.email,
        name: input.name,
        message,
        ...notify,
      }),
    )
  })
}

import { z } from 'zod'
import { emailAddressSchema } from './email.ts'

/** The mailing-list form on /contact and the waitlists on / and /5k-example. */
const email = emailAddressSchema('Please enter a valid email address.')
const name = z.string().trim().min(1, 'Please enter your name.').max(200)

/** The longest message the contact form takes: a few paragraphs, e.g. a non-profit's application. */
export const INQUIRY_MESSAGE_MAX_LENGTH = 2000

/** Optional; blank is no message. */
const message = z
  .string({ error: 'Please write the message as text.' })
  .trim()
  .max(INQUIRY_MESSAGE_MAX_LENGTH, 'Please keep the message to 2,000 characters or fewer.')
  .transform((text) => text || undefined)
  .optional()

export const mailingListInputSchema = z.object({
  type: z.literal('mailing_list'),
  email,
  name,
  message,
})

export const waitlistInputSchema = z.object({
  type: z.literal('waitlist'),
  email,
  // Required on / (homeWaitlistFormSchema); the e-mail-only waitlist on /5k-example sends none and is
  // stored all the same (docs/decisions/010-5k-example-waitlist-is-stored.md).
  name: name.optional(),
  businessName: z.string().trim().max(200).optional(),
})

/** The waitlist form on /: e-mail and name required, business name optional. */
export const homeWaitlistFormSchema = waitlistInputSchema.omit({ type: true }).extend({ name })

/** POST /api/inquiries → 201 { ok: true } */
export const createInquiryInputSchema = z.discriminatedUnion('type', [
  mailingListInputSchema,
  waitlistInputSchema,
])
export type CreateInquiryInput = z.infer<typeof createInquiryInputSchema>

export type CreateInquiryResponse = { ok: true }

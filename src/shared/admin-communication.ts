import { z } from 'zod'

/**
 * Communication: the admin's e-mail log (the outbox) and inbox (contact inquiries and waitlist
 * sign-ups, both rows of email_inquiries).
 */

/** The outbox's 'pending' is shown as 'queued': a mail waiting for delivery (or for SMTP_URL). */
export const EMAIL_STATES = ['queued', 'sent', 'failed'] as const
export type EmailState = (typeof EMAIL_STATES)[number]

export const EMAIL_NOT_FOUND_MESSAGE = 'E-mail not found.'
export const INBOX_ENTRY_NOT_FOUND_MESSAGE = 'Inbox entry not found.'

const MAX_PAGE_SIZE = 100
const DEFAULT_PAGE_SIZE = 25

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)

const pageSchema = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: 'The page is a whole number from 1.' })
    .int('The page is a whole number from 1.')
    .min(1, 'The page is a whole number from 1.')
    .max(1_000_000, 'The page is a whole number from 1.')
    .default(1),
)

const pageSizeSchema = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: `The page size is a whole number from 1 to ${MAX_PAGE_SIZE}.` })
    .int(`The page size is a whole number from 1 to ${MAX_PAGE_SIZE}.`)
    .min(1, `The page size is a whole number from 1 to ${MAX_PAGE_SIZE}.`)
    .max(MAX_PAGE_SIZE, `The page size is a whole number from 1 to ${MAX_PAGE_SIZE}.`)
    .default(DEFAULT_PAGE_SIZE),
)

/** GET /api/admin/emails: newest first; q matches the recipient or the subject (contains, any case). */
export const adminEmailsQuerySchema = z.object({
  page: pageSchema,
  pageSize: pageSizeSchema,
  status: z.preprocess(
    blankToUndefined,
    z.enum(EMAIL_STATES, { error: 'Choose queued, sent or failed.' }).optional(),
  ),
  q: z.preprocess(blankToUndefined, z.string().trim().max(200, 'Use at most 200 characters.').optional()),
})
export type AdminEmailsQuery = z.infer<typeof adminEmailsQuerySchema>

export type AdminEmailDto = {
  id: string
  to: string
  subject: string
  kind: string
  state: EmailState
  /** The last delivery error: why a failed mail failed (or why a queued one is being retried). */
  lastError: string | null
  attempts: number
  /** When a queued mail is next tried (ISO); null once sent or failed. */
  nextAttemptAt: string | null
  createdAt: string
  sentAt: string | null
  /** The purchase the e-mail is about (its id, orders.purchase_id), or null. */
  checkoutKey: string | null
}

export type AdminEmailsResponse = {
  emails: AdminEmailDto[]
  total: number
  page: number
  pageSize: number
}

/** GET /api/admin/status: what the admin banners say. */
export type AdminStatusDto = {
  smtpConfigured: boolean
  /** 'test': the local TEST MODE checkout (no Stripe keys); 'live': Stripe. */
  paymentsMode: 'test' | 'live'
  /** Outbox mails not delivered yet. */
  queuedEmails: number
}

/** 'contact': the /contact form ('Stay in The Loop!', metadata {name}); 'waitlist': metadata type 'waitlist'. */
export const INBOX_KINDS = ['contact', 'waitlist'] as const
export type InboxKind = (typeof INBOX_KINDS)[number]

const booleanFlag = (message: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .enum(['true', 'false'], { error: message })
      .transform((v) => v === 'true')
      .optional(),
  )

/** GET /api/admin/inbox and /api/admin/inbox/export.csv (the CSV ignores page and pageSize). */
export const adminInboxQuerySchema = z.object({
  page: pageSchema,
  pageSize: pageSizeSchema,
  kind: z.preprocess(
    blankToUndefined,
    z.enum(INBOX_KINDS, { error: 'Choose contact or waitlist.' }).optional(),
  ),
  handled: booleanFlag('Choose true or false.'),
})
export type AdminInboxQuery = z.infer<typeof adminInboxQuerySchema>

export type AdminInboxEntryDto = {
  id: string
  kind: InboxKind
  email: string
  name: string | null
  businessName: string | null
  /** What a contact inquiry wrote in the form's optional Message field; null without one. */
  message: string | null
  /** Any other fields the form stored, as text. */
  details: Record<string, string>
  createdAt: string
  handledAt: string | null
  handledBy: string | null
}

export type AdminInboxResponse = {
  entries: AdminInboxEntryDto[]
  total: number
  page: number
  pageSize: number
}

/** POST /api/admin/inbox/:id/handled */
export const markInboxHandledInputSchema = z.object({
  handled: z.boolean({ error: 'Send handled as true or false.' }),
})

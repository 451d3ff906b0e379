import { z } from 'zod'
import type { EmailState } from './admin-communication.ts'
import type { OrderType } from './admin-dto.ts'
import type { ArtworkState } from './artwork.ts'
import { formatCount } from './format.ts'

/**
 * The admin Advertisers tab: one advertiser per e-mail address (advertisers, advertiser_emails; migration
 * 0013), its figures kept by the database from its purchases. Money in dollars, mailings 'YYYY-MM',
 * timestamps ISO strings.
 *
 *   GET   /api/admin/advertisers?q&sort&dir&page&pageSize → AdvertisersPageDto
 *   GET   /api/admin/advertisers/:id → AdvertiserDetailDto (the drawer)
 *   PATCH /api/admin/advertisers/:id {AdvertiserEditInput} → AdvertiserDetailDto
 *   POST  /api/admin/advertisers/:id/merge {fromId} → AdvertiserDetailDto (of :id, which fromId joined)
 *
 * q matches a business name (the owner's, or any a purchase was made under) or an e-mail address of the
 * advertiser: contains, any case, with % and _ taken literally. The list is sorted with advertisers that
 * have no value (no mailing booked) last in either direction, ties broken by id so pages never overlap.
 */

export const ADVERTISER_SORTS = ['lastMailing', 'lifetimePaid'] as const
export type AdvertiserSort = (typeof ADVERTISER_SORTS)[number]
export const DEFAULT_ADVERTISERS_PAGE_SIZE = 25
const MAX_ADVERTISERS_PAGE_SIZE = 100
export const MAX_ADVERTISER_NOTES_LENGTH = 5000
export const MAX_BUSINESS_NAME_LENGTH = 200
export const MAX_PHONE_LENGTH = 40
const MAX_WEBSITE_LENGTH = 500
export const ADVERTISER_NOT_FOUND_MESSAGE = 'Advertiser not found.'
export const SELF_MERGE_MESSAGE = 'An advertiser cannot be merged into itself. Choose another advertiser.'

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional())

export const advertisersQuerySchema = z.object({
  q: optional(z.string().trim().max(200, 'Use at most 200 characters.')),
  sort: optional(z.enum(ADVERTISER_SORTS, { error: 'Sort by lastMailing or lifetimePaid.' })),
  dir: optional(z.enum(['asc', 'desc'], { error: 'Direction is asc or desc.' })),
  page: optional(
    z.coerce
      .number({ error: 'Page must be a number.' })
      .int('Page must be a whole number.')
      .min(1, 'Page starts at 1.')
      .max(1_000_000, 'Page is too large.'),
  ),
  pageSize: optional(
    z.coerce
      .number({ error: 'Page size must be a number.' })
      .int('Page size must be a whole number.')
      .min(1, 'Page size is at least 1.')
      .max(MAX_ADVERTISERS_PAGE_SIZE, `Page size is at most ${MAX_ADVERTISERS_PAGE_SIZE}.`),
  ),
})
export type AdvertisersQuery = z.infer<typeof advertisersQuerySchema>

/** A business's website: a full http(s) address with a domain name (what a link on the drawer opens). */
const WEBSITE = z.url({ protocol: /^https?$/, hostname: z.regexes.domain })
const WEBSITE_MESSAGE = 'Enter the website as a full address, starting with http:// or https://.'

/**
 * The owner's edit: every editable field at once (the drawer's form). Phone and website may be left blank
 * (or null): none. Notes may be empty.
 */
export const advertiserEditInputSchema = z.object({
  businessName: z
    .string({ error: 'Enter the business name.' })
    .trim()
    .min(1, 'Enter the business name.')
    .max(MAX_BUSINESS_NAME_LENGTH, `Use at most ${MAX_BUSINESS_NAME_LENGTH} characters.`),
  phone: z
    .string({ error: 'Enter the phone number as text.' })
    .trim()
    .max(MAX_PHONE_LENGTH, `Use at most ${MAX_PHONE_LENGTH} characters.`)
    .nullish()
    .transform((v) => v || null),
  website: z
    .string({ error: WEBSITE_MESSAGE })
    .trim()
    .max(MAX_WEBSITE_LENGTH, `Use at most ${MAX_WEBSITE_LENGTH} characters.`)
    .refine((v) => v === '' || WEBSITE.safeParse(v).success, WEBSITE_MESSAGE)
    .nullish()
    .transform((v) => v || null),
  marketingConsent: z.boolean({ error: 'Marketing consent is yes or no.' }),
  notes: z
    .string({ error: 'Enter the notes as text.' })
    .max(MAX_ADVERTISER_NOTES_LENGTH, `Use at most ${formatCount(MAX_ADVERTISER_NOTES_LENGTH)} characters.`),
})
export type AdvertiserEditInput = z.input<typeof advertiserEditInputSchema>
export type AdvertiserEdit = z.output<typeof advertiserEditInputSchema>

export const advertiserMergeInputSchema = z.object({
  fromId: z.uuid({ error: 'Choose the advertiser to merge into this one.' }),
})
export type AdvertiserMergeInput = z.infer<typeof advertiserMergeInputSchema>

export type AdvertiserRowDto = {
  id: string
  /** The owner's name for the business; null until a purchase or the owner gives one (show the e-mail). */
  businessName: string | null
  /** The advertiser's main address. */
  email: string
  /** Distinct mailings with a paid line (or a pending manual order, which the owner holds). */
  mailingsBooked: number
  /** 'YYYY-MM' of the latest mailing booked; null when none. */
  lastMailing: string | null
  lifetimePaid: number
  /** The advertiser's lines not deleted that have artwork on file. */
  artworkOnFile: number
}

export type AdvertisersPageDto = {
  advertisers: AdvertiserRowDto[]
  total: number
  page: number
  pageSize: number
}

export type AdvertiserLineDto = {
  /** The order id (ORD-/MAP-…). */
  id: string
  type: OrderType
  /** A day's date 'YYYY-MM-DD'; null for icons and special purchases. */
  date: string | null
  iconName: string | null
  iconSize: string | null
  /** A special purchase's description and units. */
  description: string | null
  units: number | null
  amount: number
  status: string
  /** Days and icons: the artwork's state ('missing' without a file); null for a special purchase. */
  artwork: ArtworkState | null
}

export type AdvertiserPurchaseDto = {
  id: string
  /** What people read: 'P-100001'. */
  reference: string
  createdAt: string
  /** pending | paid | partly_refunded | refunded | expired | deleted */
  state: string
  source: 'checkout' | 'manual'
  /** The whole purchase's live lines and what was paid of them, whichever mailing group shows it. */
  total: number
  paid: number
  /** The purchase's lines in this group's mailing. */
  lines: AdvertiserLineDto[]
  /** Other mailings this purchase has lines in ('YYYY-MM'; null: lines without a mailing). */
  otherMailings: (string | null)[]
}

export type AdvertiserMailingGroupDto = {
  /** 'YYYY-MM'; null: lines in no mailing (a special purchase). */
  month: string | null
  purchases: AdvertiserPurchaseDto[]
}

export type AdvertiserNoteDto = {
  id: string
  purchaseId: string
  reference: string
  body: string
  by: string
  createdAt: string
}

export type AdvertiserEmailDto = {
  id: string
  subject: string
  kind: string
  to: string
  state: EmailState
  createdAt: string
  sentAt: string | null
}

export type AdvertiserDetailDto = {
  id: string
  businessName: string | null
  email: string
  phone: string | null
  website: string | null
  marketingConsent: boolean
  /** The owner's own notes on the advertiser. */
  notes: string
  createdAt: string
  /** Every business name the advertiser's purchases were made under. */
  businessNames: string[]
  purchaseCount: number
  mailingsBooked: number
  firstMailing: string | null
  lastMailing: string | null
  lifetimePaid: number
  /** Every address of the advertiser, the main one first. */
  addresses: { email: string; createdAt: string }[]
  /** Purchases by mailing, newest mailing first, "No mailing" last; each group's purchases newest first. */
  mailings: AdvertiserMailingGroupDto[]
  /** The order notes on the advertiser's purchases, oldest first. */
  purchaseNotes: AdvertiserNoteDto[]
  /** E-mails to any of its addresses or about its purchases, newest first (at most EMAILS_SHOWN). */
  emailsSent: AdvertiserEmailDto[]
}

/** How many of an advertiser's e-mails the drawer lists. */
export const ADVERTISER_EMAILS_SHOWN = 50

import { z } from 'zod'

/**
 * Returning advertisers first. When a mailing's days are first set up, every advertiser with a paid day in
 * the previous mailing is offered the same date of the month (else the nearest free day of the same week), and
 * every advertiser with a paid icon the same kind of icon, held for them for the priority window (a mailing
 * default; 0 turns offers off). The held lines are pending lines of a purchase of the advertiser's own, so
 * everyone else sees them held and the icon stock counts them; "Keep my spots" pays them through the normal
 * payment path, releasing them or the window ending frees them at once.
 *
 * Money in integer cents; days 'YYYY-MM-DD'; months 'YYYY-MM'; timestamps ISO strings.
 */

/** offered: held, waiting for the advertiser; kept: paid; released: given back; lapsed: the window ended. */
export const OFFER_STATES = ['offered', 'kept', 'released', 'lapsed'] as const
export type OfferState = (typeof OFFER_STATES)[number]

export type OfferLineDto = {
  /** The held line (orders.id). */
  id: string
  kind: 'calendar_day' | 'map_icon'
  /** 'Tuesday, March 2, 2027' or 'Premium map icon (Coffee cup)' */
  description: string
  /** The held day; null for an icon. */
  date: string | null
  /** The line of the previous mailing it renews: its day, or null for an icon. */
  previousDate: string | null
  amountCents: number
}

export type OfferDto = {
  id: string
  mailingMonth: string
  /** 'February 2027' */
  mailingLabel: string
  state: OfferState
  /** When the hold ends (the window's end, or as extended by the owner). */
  expiresAt: string
  /** The same in words on the town's clock: 'Thursday, December 17, 11:59 PM (EST)'. */
  expiresText: string
  lines: OfferLineDto[]
  totalCents: number
  /** The purchase the held lines belong to ('P-100123'). */
  purchaseReference: string
}

/** GET /api/offers/:token (the e-mailed link) and the offers on GET /api/account. */
export type PublicOfferDto = OfferDto & { businessName: string }

/** POST /api/offers/:token/keep and POST /api/account/offers/:id/keep: where to pay. */
export type KeepOfferResponse = { url: string }

/** One advertiser's offer on the admin's per-mailing list. */
export type AdminOfferDto = OfferDto & {
  advertiserId: string
  businessName: string
  email: string
  phone: string | null
  /** When the offer e-mail was last queued, and how many times it was. */
  sentAt: string | null
  sentCount: number
}

/** GET /api/admin/mailings/:month/offers */
export type AdminMailingOffersDto = {
  month: string
  /** The priority window in days (a mailing default; 0: offers are off). */
  windowDays: number
  /** When this mailing's offers were made; null: not yet (its days are not set up, or it was never opened). */
  offersMadeAt: string | null
  offers: AdminOfferDto[]
}

/** POST /api/admin/offers/:id/extend: push the hold's end later by whole days. */
export const extendOfferInputSchema = z.object({
  days: z.number().int().min(1, 'Extend by at least 1 day.').max(30, 'Extend by at most 30 days.'),
})
export type ExtendOfferInput = z.infer<typeof extendOfferInputSchema>

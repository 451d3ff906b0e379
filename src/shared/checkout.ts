/**
 * The checkout server functions' contracts and their validation, with the toast texts. Each schema reports
 * its issues in a fixed order, so the first issue is the message the visitor sees. Prices are not trusted:
 * the only client figures checked here (discount, amount) are recomputed from the pricing rules (the
 * per-day discount tier, $1 a unit) and must match exactly; the server prices every item itself.
 */
import { z } from 'zod'
import { MAX_CART_DAYS, perDayDiscount } from './cart.ts'
import type { MapIconDto } from './dto.ts'
import { emailAddressSchema } from './email.ts'
import { MAILING_NOT_FOUND, MONTH_KEY_PATTERN } from './mailings.ts'
import { plural } from './plural.ts'
import {
  DEFAULT_SPECIAL_PURCHASE_DESCRIPTION,
  SPECIAL_PURCHASE_MAX_UNITS,
  SPECIAL_PURCHASE_UNIT_PRICE,
  specialPurchaseAmount,
} from './special-purchase.ts'

export { sessionReference } from './session-reference.ts'

export const CHECKOUT_TEXTS = {
  businessName: 'Please enter your business name.',
  email: 'Please enter a valid email address.',
  cartEmpty: 'Your cart is empty. Please add calendar days or a map icon to continue.',
  cartLimit: `You can only select up to ${MAX_CART_DAYS} calendar days. Please remove some items from your cart to add more.`,
  duplicateDay: 'Each calendar day can be in the cart only once.',
  specialBusinessName: 'Please provide your business name',
  specialEmail: 'Please provide a valid email address',
  units: 'Please select at least 1 unit',
  dayNotFound: 'Day not found.',
  iconNotFound: 'Map icon not found.',
  dayNotAvailable: 'This day is not available for booking',
  iconNotAvailable: 'This icon is not available for booking',
  checkoutFailed: 'Failed to create checkout session',
  missingSession: 'Missing session ID',
} as const

/**
 * The 429 of a checkout over the hold limits: the checkouts in progress (unpaid, their hold still running)
 * one client address, and one e-mail address, may have at once, and the calendar days they hold.
 * `minutesLeft`: until the earliest of those holds ends.
 */
export function tooManyOpenCheckoutsMessage(max: number, minutesLeft: number): string {
  return `Too many checkouts are in progress from your connection or for this e-mail address (at most ${max} at one time). Please complete or cancel one of them, or try again in ${plural(minutesLeft, 'minute')}, when its hold ends.`
}

export function tooManyHeldDaysMessage(held: number, max: number, minutesLeft: number): string {
  return `The checkouts in progress from your connection or for this e-mail address already hold ${plural(held, 'calendar day')}, and at most ${max} can be held at one time. Please complete or cancel one of them, or try again in ${plural(minutesLeft, 'minute')}, when its hold ends.`
}

const MAX_ID_LENGTH = 100

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters.`)

// One real address, never a list or a header (shared/email.ts): it becomes the receipt's SMTP recipient.
const emailText = (message: string) => emailAddressSchema(message)

const id = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(MAX_ID_LENGTH, message)

/** The discount (dollars per day) a cart of `dayCount` days gets, as the client must send it. */
export function expectedCartDiscount(dayCount: number): number {
  return perDayDiscount(dayCount)
}

function discountMismatchMessage(dayCount: number): string {
  const expected = expectedCartDiscount(dayCount)
  const days = `${dayCount} calendar day${dayCount === 1 ? '' : 's'}`
  return `The discount does not match your cart (${days} get $${expected} off each). Please refresh the page and try again.`
}

function amountMismatchMessage(units: number): string {
  return `The amount does not match the quantity (${units} × $${SPECIAL_PURCHASE_UNIT_PRICE} = $${specialPurchaseAmount(units)}). Please refresh the page and try again.`
}

/**
 * The page a checkout started from, where Cancel on the payment page returns the buyer. Only
 * this site's own checkout pages are accepted, so the payment page can never redirect anywhere else.
 */
const RETURN_PATH =
  /^\/(?:cart-checkout|special-purchase|checkout\/[0-9a-f-]{36}|map-icon-checkout\/[0-9a-f-]{36})$/i
const UNKNOWN_RETURN_PATH = 'The checkout can only return to a checkout page of this site.'

export function isCheckoutReturnPath(value: unknown): value is string {
  return typeof value === 'string' && RETURN_PATH.test(value)
}

/** Where Cancel goes when the checkout named no page (older clients, direct API calls). */
export const DEFAULT_RETURN_PATH = '/cart-checkout'

const returnPath = z
  .string({ error: UNKNOWN_RETURN_PATH })
  .refine(isCheckoutReturnPath, UNKNOWN_RETURN_PATH)
  .optional()

// ---------------------------------------------------------------- create-checkout-session

export const dayCheckoutInputSchema = z.object({
  businessName: requiredText(CHECKOUT_TEXTS.businessName, 200),
  email: emailText(CHECKOUT_TEXTS.email),
  dayId: id(CHECKOUT_TEXTS.dayNotFound),
  returnPath,
})

// ---------------------------------------------------------------- create-map-icon-checkout

/** The mailing an icon is bought for ('YYYY-MM'); absent or null: the next mailing open for sale. */
const mailingMonth = z
  .string({ error: MAILING_NOT_FOUND })
  .regex(MONTH_KEY_PATTERN, MAILING_NOT_FOUND)
  .nullable()
  .optional()

export const mapIconCheckoutInputSchema = z.object({
  businessName: requiredText(CHECKOUT_TEXTS.businessName, 200),
  email: emailText(CHECKOUT_TEXTS.email),
  iconId: id(CHECKOUT_TEXTS.iconNotFound),
  month: mailingMonth,
  returnPath,
})

// ---------------------------------------------------------------- create-cart-checkout-session

/**
 * In order: business name, e-mail, a non-empty cart; then the cart limits (at most 6 days, no
 * duplicates) and the client's per-day discount, which must equal the tier (0, 10 or 20 by day count).
 */
export const cartCheckoutInputSchema = z
  .object({
    businessName: requiredText(CHECKOUT_TEXTS.businessName, 200),
    email: emailText(CHECKOUT_TEXTS.email),
    calendarDayIds: z.array(id(CHECKOUT_TEXTS.dayNotFound), { error: CHECKOUT_TEXTS.cartEmpty }).default([]),
    mapIconId: id(CHECKOUT_TEXTS.iconNotFound).nullable().default(null),
    mapIconMonth: mailingMonth,
    // Checked last (below), so a missing discount never hides an earlier rule's message.
    discount: z.unknown().optional(),
    returnPath,
  })
  .superRefine((input, ctx) => {
    const days = Array.isArray(input.calendarDayIds) ? input.calendarDayIds : []
    if (days.length === 0 && !input.mapIconId) {
      ctx.addIssue({ code: 'custom', path: ['calendarDayIds'], message: CHECKOUT_TEXTS.cartEmpty })
      return
    }
    if (days.length > MAX_CART_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['calendarDayIds'], message: CHECKOUT_TEXTS.cartLimit })
      return
    }
    if (new Set(days.map((d) => d.toLowerCase())).size !== days.length) {
      ctx.addIssue({ code: 'custom', path: ['calendarDayIds'], message: CHECKOUT_TEXTS.duplicateDay })
      return
    }
    if (typeof input.discount !== 'number' || input.discount !== expectedCartDiscount(days.length)) {
      ctx.addIssue({ code: 'custom', path: ['discount'], message: discountMismatchMessage(days.length) })
    }
  })
  .transform((input) => ({ ...input, discount: input.discount as number }))

// ---------------------------------------------------------------- create-special-purchase-checkout

/** In order: units (at least 1), business name, e-mail; then the amount, which must be units × $1. */
export const specialPurchaseCheckoutInputSchema = z
  .object({
    units: z
      .number({ error: CHECKOUT_TEXTS.units })
      .int(CHECKOUT_TEXTS.units)
      .min(1, CHECKOUT_TEXTS.units)
      .max(SPECIAL_PURCHASE_MAX_UNITS, `At most ${SPECIAL_PURCHASE_MAX_UNITS} units per purchase.`),
    businessName: requiredText(CHECKOUT_TEXTS.specialBusinessName, 200),
    email: emailText(CHECKOUT_TEXTS.specialEmail),
    description: z
      .string()
      .trim()
      .max(500, 'At most 500 characters.')
      .nullish()
      .transform((v) => v || DEFAULT_SPECIAL_PURCHASE_DESCRIPTION),
    amount: z.unknown().optional(),
    returnPath,
  })
  .superRefine((input, ctx) => {
    if (typeof input.units !== 'number' || !Number.isInteger(input.units)) return
    if (typeof input.amount !== 'number' || input.amount !== specialPurchaseAmount(input.units)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: amountMismatchMessage(input.units) })
    }
  })
  .transform((input) => ({ ...input, amount: input.amount as number }))

// ---------------------------------------------------------------- get-orders-by-session

export const ordersBySessionInputSchema = z.object({
  sessionId: z
    .string({ error: CHECKOUT_TEXTS.missingSession })
    .trim()
    .min(1, CHECKOUT_TEXTS.missingSession)
    .max(255, CHECKOUT_TEXTS.missingSession),
})

// ---------------------------------------------------------------- responses

/** Every create-* function answers this; the browser then navigates to sessionUrl. */
export type CheckoutSessionResponse = { sessionUrl: string }

export type SessionOrderType = 'calendar_day' | 'map_icon' | 'special_purchase'

/** What the thank-you page shows of one order (nothing about the buyer or other customers). */
export type SessionOrderDto = {
  id: string
  type: SessionOrderType
  /** YYYY-MM-DD for a calendar day order. */
  date: string | null
  iconName: string | null
  /** Special purchases only. */
  description: string | null
  units: number | null
  /** US dollars. */
  amount: number
  /** pending | paid | refunded | expired */
  status: string
}

export type OrdersBySessionResponse = {
  orders: SessionOrderDto[]
  /** US dollars: the sum of the listed orders. */
  totalAmount: number
  /**
   * The private artwork page of a paid checkout that bought days or an icon ("/artwork/{token}",
   * from the site root), with the artwork deadline of each mailing involved; null otherwise.
   */
  artwork?: ThankYouArtwork | null
  error?: string
}

export type ThankYouArtwork = {
  path: string
  mailings: { month: string; label: string; artworkDueText: string }[]
}

export type RefreshMapIconAvailabilityResponse = {
  icons: MapIconDto[]
}

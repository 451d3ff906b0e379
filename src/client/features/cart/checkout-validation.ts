/**
 * Checkout form rules with their toast texts. Pure, so the order of the
 * checks is unit-tested: business name, then e-mail, then (cart only) a non-empty cart.
 */
import type { Cart } from '#shared/cart.ts'
import { isEmailAddress } from '#shared/email-address.ts'

export type CheckoutIssue = { title: string; description: string }
export type BookingDetails = { businessName: string; email: string }
export type BookingField = keyof BookingDetails

export const CHECKOUT_ISSUES = {
  businessName: { title: 'Business Name Required', description: 'Please enter your business name.' },
  email: { title: 'Valid Email Required', description: 'Please enter a valid email address.' },
  cartEmpty: {
    title: 'Cart Empty',
    description: 'Your cart is empty. Please add calendar days or a map icon to continue.',
  },
} as const satisfies Record<string, CheckoutIssue>

/**
 * Single-day and icon checkout: business name after trimming; then one real e-mail address, the rule the
 * server applies (shared/email.ts), so a list or a malformed address gets the e-mail toast here.
 */
export function validateBookingDetails({ businessName, email }: BookingDetails): CheckoutIssue | null {
  if (businessName.trim() === '') return CHECKOUT_ISSUES.businessName
  if (!isEmailAddress(email.trim())) return CHECKOUT_ISSUES.email
  return null
}

/** Cart checkout: the booking details first, then at least one calendar day or a map icon. */
export function validateCartCheckout(details: BookingDetails, cart: Cart): CheckoutIssue | null {
  const issue = validateBookingDetails(details)
  if (issue) return issue
  if (cart.calendarDays.length === 0 && !cart.mapIcon) return CHECKOUT_ISSUES.cartEmpty
  return null
}

/**
 * Every field's problem at once, in the form's order, with the toast's description as the inline text
 * (the error stands next to its field as well as in the toast).
 */
export function bookingFieldErrors({
  businessName,
  email,
}: BookingDetails): Partial<Record<BookingField, string>> {
  const errors: Partial<Record<BookingField, string>> = {}
  if (businessName.trim() === '') errors.businessName = CHECKOUT_ISSUES.businessName.description
  if (!isEmailAddress(email.trim())) errors.email = CHECKOUT_ISSUES.email.description
  return errors
}

/**
 * Special purchase rules: a flat $1 per unit, at least 1 unit, and the checks of the form in order
 * (units, business name, e-mail), each with its toast text.
 */
import { isEmailAddress } from './email.ts'
import { formatUsdCents } from './format.ts'

export const SPECIAL_PURCHASE_UNIT_PRICE = 1
export const SPECIAL_PURCHASE_MIN_UNITS = 1
export const DEFAULT_SPECIAL_PURCHASE_DESCRIPTION = 'Special Purchase'

/**
 * What one unit buys, shown next to the quantity. A special purchase is no calendar day or map icon (it has
 * no mailing and takes no artwork): it pays for custom work at a flat $1 a unit, so a unit is a dollar of an
 * order agreed beforehand, such as the custom quote the pricing page offers.
 */
export const SPECIAL_PURCHASE_UNIT_TEXT = `One unit is $${SPECIAL_PURCHASE_UNIT_PRICE} toward a custom order agreed with us beforehand, such as a custom quote: for a $250 quote, order 250 units and name the quote in the description.`

/** Special purchases stop here: a larger order is a custom quote, not a card payment. */
export const SPECIAL_PURCHASE_MAX_UNITS = 100_000

const UNITS_TEXTS = {
  atLeastOne: 'Please select at least 1 unit',
  wholeNumber: 'Please enter a whole number of units.',
  tooMany: `At most ${SPECIAL_PURCHASE_MAX_UNITS} units per purchase.`,
} as const

/**
 * What the quantity box holds (whole units only). An empty or non-numeric entry is 1; a fraction, a
 * number below 1 or above the maximum is no quantity at all (`units` null) with the reason,
 * so the total never shows a figure the field does not say.
 */
export function readUnits(raw: string): { units: number | null; problem: string | null } {
  const text = raw.trim()
  const value = Number(text)
  if (text === '' || !Number.isFinite(value)) return { units: SPECIAL_PURCHASE_MIN_UNITS, problem: null }
  if (!Number.isInteger(value)) return { units: null, problem: UNITS_TEXTS.wholeNumber }
  if (value < SPECIAL_PURCHASE_MIN_UNITS) return { units: null, problem: UNITS_TEXTS.atLeastOne }
  if (value > SPECIAL_PURCHASE_MAX_UNITS) return { units: null, problem: UNITS_TEXTS.tooMany }
  return { units: value, problem: null }
}

/**
 * The quantity box after the visitor leaves it: the fallback (non-numeric → 1) is applied where it
 * can be seen. A fraction or a number below 1 stays as typed, refused next to the field, for the visitor
 * to decide (changing it silently would buy a different number than the one typed).
 */
export function correctUnitsText(raw: string): string {
  const text = raw.trim()
  const value = Number(text)
  if (text === '' || !Number.isFinite(value)) return String(SPECIAL_PURCHASE_MIN_UNITS)
  return Number.isInteger(value) ? String(value) : text
}

/** Total in dollars: units x $1. */
export function specialPurchaseAmount(units: number): number {
  return units * SPECIAL_PURCHASE_UNIT_PRICE
}

/** The special purchase total shows two decimals, e.g. '$3.00'. */
export function formatSpecialPurchaseTotal(units: number): string {
  return formatUsdCents(specialPurchaseAmount(Math.max(0, units)))
}

export function specialPurchaseDescription(description: string): string {
  return description.trim() || DEFAULT_SPECIAL_PURCHASE_DESCRIPTION
}

type SpecialPurchaseForm = { units: number; businessName: string; email: string }
type SpecialPurchaseProblem = {
  field: 'units' | 'businessName' | 'email'
  title: string
  description: string
}

/** The first failing check, in order (units, business name, e-mail), or null when all pass. */
export function findSpecialPurchaseProblem(form: SpecialPurchaseForm): SpecialPurchaseProblem | null {
  if (!Number.isInteger(form.units) || form.units < SPECIAL_PURCHASE_MIN_UNITS) {
    return { field: 'units', title: 'Invalid quantity', description: 'Please select at least 1 unit' }
  }
  if (!form.businessName.trim()) {
    return {
      field: 'businessName',
      title: 'Business Name Required',
      description: 'Please provide your business name',
    }
  }
  const email = form.email.trim()
  // One real address, as the server takes (shared/email.ts): the form refuses the others with the
  // 'Valid Email Required' toast instead of a server error.
  if (!isEmailAddress(email)) {
    return {
      field: 'email',
      title: 'Valid Email Required',
      description: 'Please provide a valid email address',
    }
  }
  return null
}

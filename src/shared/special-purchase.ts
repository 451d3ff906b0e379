/**
 * Special purchase rules (spec sections 3, 5, 8 and 9): a flat $1 per unit, at least 1 unit, and the
 * checks of the form in the order the spec lists them, each with its toast text.
 */
import { isEmailAddress } from './email.ts'
import { formatUsdCents } from './format.ts'

export const SPECIAL_PURCHASE_UNIT_PRICE = 1
export const SPECIAL_PURCHASE_MIN_UNITS = 1
export const DEFAULT_SPECIAL_PURCHASE_DESCRIPTION = 'Special Purchase'

/** A non-numeric entry falls back to 1 (spec section 5); a number is kept (whole units) so 0 can be refused. */
export function parseUnits(raw: string | number): number {
  const value = typeof raw === 'number' ? raw : Number.parseInt(raw.trim(), 10)
  if (!Number.isFinite(value)) return SPECIAL_PURCHASE_MIN_UNITS
  return Math.trunc(value)
}

/** Total in dollars: units x $1. */
export function specialPurchaseAmount(units: number): number {
  return units * SPECIAL_PURCHASE_UNIT_PRICE
}

/** Spec section 9: the special purchase total shows two decimals, e.g. '$3.00'. */
export function formatSpecialPurchaseTotal(units: number): string {
  return formatUsdCents(specialPurchaseAmount(Math.max(0, units)))
}

export function specialPurchaseDescription(description: string): string {
  return description.trim() || DEFAULT_SPECIAL_PURCHASE_DESCRIPTION
}

export type SpecialPurchaseForm = { units: number; businessName: string; email: string }
export type SpecialPurchaseProblem = {
  field: 'units' | 'businessName' | 'email'
  title: string
  description: string
}

/** The first failing check, in the spec's order (units, business name, e-mail), or null when all pass. */
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
  // Spec section 5 asks for an '@'; the server takes one real address only (shared/email.ts), so the
  // form refuses the same ones with the spec's toast instead of a server error.
  if (!isEmailAddress(email)) {
    return {
      field: 'email',
      title: 'Valid Email Required',
      description: 'Please provide a valid email address',
    }
  }
  return null
}

/**
 * The e-mail address rule without zod, for the browser: the checkout pages check addresses before sending
 * and must not pull zod into their bundle (23 KB gzip, over the 110 KB per-route budget). The pattern is
 * zod's own `z.email()` pattern (email.test.ts fails if zod's ever differs), so both ends agree.
 */
export const EMAIL_MAX_LENGTH = 254

export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/

/** True for one well-formed address (already trimmed); the same test z.email() applies. */
export function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value)
}

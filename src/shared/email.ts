/**
 * One e-mail address, as a buyer or an administrator types it (checkout, special purchase, inquiries,
 * manual orders). An '@' is not enough: the address becomes an SMTP recipient: "a@b.co,
 * c@d.co" or "a@b.co\r\nBcc: x@evil" must never get that far. So: one address in zod's e-mail syntax
 * (no commas, spaces or line breaks), at most 254 characters (RFC 5321's path limit), surrounding
 * spaces trimmed. The client checks the same rule, so the visitor sees the e-mail toast before sending.
 */
import { z } from 'zod'
import { EMAIL_MAX_LENGTH } from './email-address.ts'

export { EMAIL_MAX_LENGTH, isEmailAddress } from './email-address.ts'

/** A trimmed e-mail address; every failure (missing, not a string, malformed, too long) reports `message`. */
export const emailAddressSchema = (message: string, tooLongMessage = message) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(EMAIL_MAX_LENGTH, tooLongMessage)
    .pipe(z.email({ error: message }))

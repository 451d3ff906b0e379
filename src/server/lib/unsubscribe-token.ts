import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * The token of an unsubscribe link: HMAC-SHA256 (base64url) of the lowercased address, so a link made for
 * one address cannot be turned into one for another without the server's secret. The auth secret is not
 * used as the HMAC key directly but through a key derived for this one purpose: better-auth signs its
 * cookies with HMAC-SHA256 under the same secret, and a token handed out in every e-mail must never double
 * as a valid signature of anything else.
 */
const PURPOSE = 'townflyer unsubscribe link v1'

const UNSUBSCRIBE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

const unsubscribeKey = (secret: string) => createHmac('sha256', secret).update(PURPOSE).digest()

/** The address as the unsubscribe list keeps it, and as the token is made from. */
export const normalizeAddress = (email: string) => email.trim().toLowerCase()

export function unsubscribeToken(secret: string, email: string): string {
  return createHmac('sha256', unsubscribeKey(secret)).update(normalizeAddress(email)).digest('base64url')
}

export function isValidUnsubscribeToken(secret: string, email: string, token: string): boolean {
  if (!UNSUBSCRIBE_TOKEN_PATTERN.test(token)) return false
  const expected = Buffer.from(unsubscribeToken(secret, email))
  const given = Buffer.from(token)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/** The one-click link (RFC 8058) that List-Unsubscribe names and the e-mail's text repeats. */
export function unsubscribeUrl(publicOrigin: string, secret: string, email: string): string {
  const address = normalizeAddress(email)
  return `${publicOrigin}/api/unsubscribe?e=${encodeURIComponent(address)}&t=${unsubscribeToken(secret, address)}`
}

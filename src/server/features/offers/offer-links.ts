import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '#server/db/client.ts'
import { offerLinks } from '#server/db/schema.ts'

/**
 * The link of an offer's e-mail, /offers/{token}: its token is the only credential the page and its keep
 * and release ask for. 32 random bytes (256 bits, base64url); only its SHA-256 is stored, so the database
 * never holds a working link. Each e-mail sent carries a new token and every one stays valid.
 */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

export const isOfferToken = (value: string) => TOKEN_PATTERN.test(value)

export const hashOfferToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** A new link for the offer, in the caller's transaction (with the e-mail that carries it). */
export async function newOfferLink(tx: Db, offerId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await tx.insert(offerLinks).values({ tokenHash: hashOfferToken(token), offerId })
  return token
}

export const offerPagePath = (token: string) => `/offers/${token}`
export const offerKeepPath = (token: string) => `/offers/${token}/keep`

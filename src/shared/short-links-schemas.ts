import { z } from 'zod'
import {
  LINK_DESTINATIONS,
  LINK_PHONE_INVALID,
  LINK_WEBSITE_INVALID,
  type LineLinkInput,
  normalizePhone,
  normalizeWebsite,
} from './short-links.ts'

/**
 * PUT …/link: where a line's short link leads. The website and phone number are checked and normalised here
 * (normalizeWebsite, normalizePhone), so the stored target is always what the redirect can use.
 */
export const lineLinkInputSchema = z
  .object({
    destination: z.enum(LINK_DESTINATIONS),
    target: z.string().max(500).nullish(),
  })
  .transform((input, context): LineLinkInput & { target: string | null } => {
    if (input.destination === 'page') return { destination: 'page', target: null }
    const raw = input.target ?? ''
    const target = input.destination === 'website' ? normalizeWebsite(raw) : normalizePhone(raw)
    if (!target) {
      context.addIssue({
        code: 'custom',
        path: ['target'],
        message: input.destination === 'website' ? LINK_WEBSITE_INVALID : LINK_PHONE_INVALID,
      })
      return z.NEVER
    }
    return { destination: input.destination, target }
  })

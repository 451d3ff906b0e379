/**
 * Short links and scans: the contract between the server, the buyer's artwork page, the advertiser's account
 * and the admin screens. Every sold calendar day and map icon line has a short link `/go/{code}` that the QR
 * code printed with its ad points at; the advertiser chooses where it leads. Browser-safe and free of zod
 * (the request schema is in short-links-schemas.ts).
 */

// ---------------------------------------------------------------- codes

/** The code's alphabet: reads aloud without confusion (no 0, 1, i, l, o or u). */
export const SHORT_CODE_ALPHABET = '23456789abcdefghjkmnpqrstvwxyz'
export const SHORT_CODE_LENGTH = 7
const SHORT_CODE_PATTERN = new RegExp(`^[${SHORT_CODE_ALPHABET}]{${SHORT_CODE_LENGTH}}$`)

/**
 * A code as typed or read aloud, in its stored form: trimmed and lower-cased ('K7M4QX2' → 'k7m4qx2'); null
 * when it cannot be a code, so a malformed link is answered without a database read.
 */
export function normalizeShortCode(raw: string): string | null {
  const code = raw.trim().toLowerCase()
  return SHORT_CODE_PATTERN.test(code) ? code : null
}

/** The short link's path; the site's origin goes in front of it ('https://town.example/go/k7m4qx2'). */
export function shortLinkPath(code: string): string {
  return `/go/${code}`
}

/** The advertiser's own page on this site, where the 'page' destination leads. */
export function adPagePath(code: string): string {
  return `/ads/${code}`
}

// ---------------------------------------------------------------- destinations

export const LINK_DESTINATIONS = ['page', 'website', 'phone'] as const
export type LinkDestination = (typeof LINK_DESTINATIONS)[number]

export const LINK_QUESTION = 'Where should your QR code send people?'
export const LINK_DESTINATION_LABELS: Record<LinkDestination, string> = {
  page: 'My page on this site',
  website: 'My website',
  phone: 'A phone call',
}
export const LINK_DESTINATION_HINTS: Record<LinkDestination, string> = {
  page: 'Your business name, logo, phone and website, "as seen in" the postcard.',
  website: 'The address of your website, e.g. https://www.example.com',
  phone: 'The number people will call, e.g. (555) 555-0123',
}
export const LINK_WEBSITE_INVALID = 'Enter your website address, e.g. https://www.example.com'
export const LINK_PHONE_INVALID = 'Enter a phone number of 7 to 15 digits, e.g. (555) 555-0123'
export const LINK_NOT_FOUND = 'This item has no QR code link.'

/** The confirmation shown once a destination is saved. */
export function linkSavedMessage(link: Pick<LineLinkDto, 'destination' | 'target'>): string {
  if (link.destination === 'website') return `Saved. Your QR code now sends people to ${link.target}.`
  if (link.destination === 'phone') return `Saved. Your QR code now calls ${link.target}.`
  return 'Saved. Your QR code now sends people to your page on this site.'
}

/**
 * A website as entered, as the https URL it leads to ('example.com/menu' → 'https://example.com/menu'), or
 * null when it is not a web address. Only http and https: a link on a printed card must open in a browser.
 */
export function normalizeWebsite(raw: string): string | null {
  const text = raw.trim()
  if (!text || text.length > 500 || /\s/.test(text)) return null
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`
  let url: URL
  try {
    url = new URL(withScheme)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  if (url.username || url.password) return null
  // A host with a dot (a real domain or address), not 'localhost' or a bare word.
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(url.hostname)) return null
  return url.toString()
}

/**
 * A phone number as entered, as the digits a `tel:` link dials ('(555) 555-0123' → '5555550123',
 * '+1 555 555 0123' → '+15555550123'), or null when it has not 7 to 15 digits or has other characters than
 * digits, spaces, dots, dashes, brackets and a leading '+'.
 */
export function normalizePhone(raw: string): string | null {
  const text = raw.trim()
  if (!/^\+?[\d\s().-]+$/.test(text)) return null
  const digits = text.replace(/\D/g, '')
  if (digits.length < 7 || digits.length > 15) return null
  return text.startsWith('+') ? `+${digits}` : digits
}

/** Where a line's short link leads, as a URL: the page's path on this site, the website, or `tel:`. */
export function linkLocation(link: { code: string; destination: LinkDestination; target: string | null }) {
  if (link.destination === 'website' && link.target) return link.target
  if (link.destination === 'phone' && link.target) return `tel:${link.target}`
  return adPagePath(link.code)
}

// ---------------------------------------------------------------- DTOs

/** A line's short link as its advertiser (or the owner) sees and sets it. */
export type LineLinkDto = {
  orderId: string
  code: string
  /** The absolute short link, 'https://town.example/go/k7m4qx2' (what the QR code holds). */
  shortUrl: string
  destination: LinkDestination
  /** The website URL or phone digits; null for 'page'. */
  target: string | null
  /** '/ads/{code}': the advertiser's page on this site. */
  pagePath: string
}

/** PUT …/link: where the line's short link should lead. `target` is required for 'website' and 'phone'. */
export type LineLinkInput = { destination: LinkDestination; target?: string | null }

export type ScanDayDto = { day: string; scans: number; people: number }

/** A line's scans: all time, and per day (the town's date) from the first scan to today, days without any included as 0. */
export type LineScansDto = { scans: number; people: number; days: ScanDayDto[] }

/** "12 scans, 9 people"; "1 scan, 1 person"; "No scans yet". */
export function scansText(scans: number, people: number): string {
  if (scans === 0) return 'No scans yet'
  return `${scans} ${scans === 1 ? 'scan' : 'scans'}, ${people} ${people === 1 ? 'person' : 'people'}`
}

/** One line of the owner's scans table of a mailing (and its CSV). */
export type AdminScanLineDto = {
  orderId: string
  businessName: string
  /** 'Tuesday, March 2, 2027' or 'Premium map icon (Coffee cup)' */
  description: string
  /** 'paid' | 'pending' | 'refunded' | … */
  status: string
  link: LineLinkDto
  scans: number
  people: number
}

export type AdminMailingScansDto = {
  month: string
  /** The mailing's totals over its lines. */
  scans: number
  people: number
  lines: AdminScanLineDto[]
}

/** The advertiser's page on this site (/ads/{code}), what a scan of a 'page' link shows. */
export type AdPageDto = {
  code: string
  businessName: string
  phone: string | null
  website: string | null
  /** '/api/ads/{code}/logo' when the line has artwork to show; null otherwise. */
  logoPath: string | null
  /** 'as seen in the January 2027 postcard' */
  seenIn: string
}

/** 'as seen in the January 2027 postcard' */
export function seenInText(monthLabel: string): string {
  return `as seen in the ${monthLabel} postcard`
}

/** The subject of the e-mail sent two weeks after a mailing's in-homes date to each advertiser with scans. */
export function scanReportSubject(scans: number): string {
  return `Your ad was scanned ${scans} ${scans === 1 ? 'time' : 'times'}`
}

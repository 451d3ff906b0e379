import { inArray } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { orders } from '#server/db/schema.ts'
import type { Logger } from '#server/lib/logger.ts'
import { type LinkDestination, linkLocation, normalizeShortCode } from '#shared/short-links.ts'
import { createLinkCache, type LinkEntry } from './link-cache.ts'
import { createScanCounter } from './scan-counter.ts'

/** Where a code that leads nowhere (unknown, malformed, or its line no longer live) sends the scan. */
export const NOWHERE = '/'

/**
 * Every answer of /go/{code}: never kept by a browser or proxy (each scan must reach the server to be
 * counted), the short link never sent on as a referrer, and the link itself not indexed.
 */
export const REDIRECT_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex',
})

/**
 * User agents that are not a person scanning: crawlers, link previews of chat and social apps, HTTP
 * libraries and headless browsers (matched case-insensitively anywhere in the user agent).
 */
const NOT_A_PERSON =
  /bot|crawl|spider|slurp|preview|facebookexternalhit|whatsapp|telegram|slack|discord|skype|linkedin|embedly|pinterest|vkshare|curl|wget|python|go-http-client|java\/|okhttp|headless|lighthouse/i

/** A scan counts when a person's browser asks for it: not a bot or link preview, not an empty user agent. */
export function isPersonAgent(userAgent: string | undefined): boolean {
  return Boolean(userAgent?.trim()) && !NOT_A_PERSON.test(userAgent as string)
}

/** A browser's speculative fetch (Sec-Purpose: prefetch, or the older Purpose: prefetch) is no scan. */
export function isPrefetch(secPurpose: string | undefined, purpose: string | undefined): boolean {
  return Boolean(
    secPurpose?.toLowerCase().includes('prefetch') || purpose?.toLowerCase().includes('prefetch'),
  )
}

/**
 * The lines and destinations of some codes (a code no line has is left out). A line is live, so led to
 * its destination and counted, while it is a calendar day or map icon line (it has a mailing month; special
 * purchases have none), not deleted, and paid or pending (a checkout hold only until it lapses).
 */
export async function loadLinks(db: Db, codes: string[], now = new Date()): Promise<Map<string, LinkEntry>> {
  const lines = await db
    .select({
      id: orders.id,
      code: orders.shortCode,
      status: orders.status,
      mailingMonth: orders.mailingMonth,
      deletedAt: orders.deletedAt,
      expiresAt: orders.expiresAt,
      destination: orders.linkDestination,
      target: orders.linkTarget,
    })
    .from(orders)
    .where(inArray(orders.shortCode, codes))
  const found = new Map<string, LinkEntry>()
  for (const line of lines) {
    const live =
      (line.status === 'paid' || (line.status === 'pending' && (!line.expiresAt || line.expiresAt > now))) &&
      line.deletedAt === null &&
      line.mailingMonth !== null
    found.set(line.code, {
      orderId: line.id,
      live,
      location: live
        ? linkLocation({
            code: line.code,
            destination: line.destination as LinkDestination,
            target: line.target,
          })
        : NOWHERE,
    })
  }
  return found
}

export type ShortLinksOptions = {
  db: Db
  timeZone: string
  logger: Logger
  /** The clock of the scan's day and of a hold's lapse (tests move it). */
  now?: () => Date
  /** How long a code's entry is served without a refresh (default 2 s). */
  freshMs?: number
  maxEntries?: number
}

export type ShortLinks = ReturnType<typeof createShortLinks>

/** A scan as the redirect sees it, from Hono or from node:http alike. */
export type Scan = {
  method: string
  /** The client's address (client-ip.ts), '' when unknown. */
  address: string
  userAgent: string | undefined
  secPurpose: string | undefined
  purpose: string | undefined
}

/**
 * The short links of one instance: the code cache, the scan counter, and the hook that drops a code whose
 * destination was changed here (AppDeps.linkEvents). One per app (bootstrap's prepareApp makes it).
 */
export function createShortLinks(options: ShortLinksOptions) {
  const { db, logger } = options
  const now = options.now ?? (() => new Date())
  let loadErrorLogged = 0
  const cache = createLinkCache({
    loadMany: (codes) => loadLinks(db, codes, now()),
    now: () => now().getTime(),
    freshMs: options.freshMs,
    maxEntries: options.maxEntries,
    onLoadError: (error) => {
      // At most once a minute: during an outage every stale code's refresh fails.
      if (Date.now() - loadErrorLogged < 60_000) return
      loadErrorLogged = Date.now()
      logger.warn({ err: error }, 'short link not read (database unavailable?): answered from memory')
    },
  })
  const counter = createScanCounter({ db, timeZone: options.timeZone, logger, now })

  function answer(entry: LinkEntry | null, scan: Scan): string {
    if (!entry?.live) return NOWHERE
    if (scan.method === 'GET' && isPersonAgent(scan.userAgent) && !isPrefetch(scan.secPurpose, scan.purpose))
      counter.record(entry.orderId, scan.address, scan.userAgent as string)
    return entry.location
  }

  return {
    cache,
    counter,
    /** Where a scan of `rawCode` leads (counted when it should be). Never throws, never waits on counting. */
    redirect(rawCode: string, scan: Scan): string | Promise<string> {
      const code = normalizeShortCode(rawCode)
      if (!code) return NOWHERE
      const entry = cache.get(code)
      if (entry instanceof Promise) return entry.then((found) => answer(found, scan))
      return answer(entry, scan)
    },
    /** The same instance changed where a code leads: its next scan reads it again. */
    linkEvents: {
      changed(code: string) {
        const normal = normalizeShortCode(code)
        if (normal) cache.drop(normal)
      },
    },
    /** Flushes the counts every `intervalMs` (main.ts); stop() writes what is left once more. */
    startFlushing(intervalMs = 2000) {
      const timer = setInterval(() => void counter.flush(), intervalMs)
      timer.unref()
      return {
        async stop() {
          clearInterval(timer)
          await counter.flush()
        },
      }
    },
  }
}

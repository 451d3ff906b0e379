import type { AppDeps } from './app-env.ts'
import { type CachedBody, cachedBody, publicReadCache } from './cache.ts'

/** A page as the renderer made it: the whole HTML document. */
export type PageHtml = {
  html: string
  status: 200 | 404
  /** False when a query failed and the page shows its loading state: never kept. */
  isComplete: boolean
}

/** A page to send: a kept one (answered with cachedAnswer: ETag, 304, encodings kept) or a fresh one. */
export type PageAnswer = { kept: CachedBody } | { fresh: PageHtml }

export type PageCache = {
  /**
   * The page known by `key` (its origin, path and query: everything of the request it depends on), as kept
   * for the current catalogue version and dates, or rendered by `render` and kept when it is a complete
   * 200. Concurrent requests for one key share one render. Undefined when `render` gives nothing.
   */
  page: (key: string, render: () => Promise<PageHtml | undefined>) => Promise<PageAnswer | undefined>
}

type Entry = { kept: CachedBody; token: string; dates: string; bytes: number }

/**
 * Bounded by the bytes of the kept HTML (each page also keeps its br and gzip bytes once asked for, a
 * fraction of that): about 400 pages of 80 KB. Crawling more posts than fit costs a render each, as
 * it did before there was a cache; the oldest page goes first.
 */
const MAX_BYTES = 32 * 1024 * 1024

const encoder = new TextEncoder()

/**
 * The render cache of the pages every visitor gets alike (`rendering: 'shared'` in the page manifest,
 * src/shared/page-routes.ts). A page is the renderer's output for its URL: the renderer reads the site's
 * data through the public API (the read cache's routes, and the settings and media, all of which the
 * catalogue version follows) and is given nothing of the request but its path and query; the page's head
 * adds the canonical URL (the origin, part of the key). What else it shows is the date: "today" in the
 * town's time zone (a day turns past at the town's midnight with no write), and the browser's calendar
 * month and the footer's year, taken from the clock in UTC and local time. So a kept page is valid while
 *   1. the catalogue version token read after the request arrived (the read cache's rule: it reflects
 *      every write that finished before) is the one read before the page was rendered, and
 *   2. those three dates are the ones it was rendered on.
 * Neither is a per-visitor value: the request's cookies never reach the renderer, so a signed-in visitor
 * gets the same bytes too. No per-request value is in the HTML (no CSP nonce: the pages have no inline
 * script; the request id is a header). READ_CACHE=off turns this cache off with the read cache.
 */
export function createPageCache(deps: Pick<AppDeps, 'database' | 'config'>): PageCache {
  const reads = publicReadCache(deps)
  const entries = new Map<string, Entry>()
  const rendering = new Map<
    string,
    { token: string; dates: string; promise: Promise<PageHtml | undefined> }
  >()
  let bytes = 0

  const dates = () => {
    const now = new Date()
    return `${reads.today()} ${now.toISOString().slice(0, 10)} ${now.getFullYear()}-${now.getMonth()}-${now.getDate()}`
  }

  function keep(key: string, entry: Entry) {
    forget(key)
    entries.set(key, entry)
    bytes += entry.bytes
    for (const [oldest] of entries) {
      if (bytes <= MAX_BYTES || oldest === key) break
      forget(oldest)
    }
  }

  function forget(key: string) {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    bytes -= entry.bytes
  }

  function renderOnce(key: string, token: string, on: string, render: () => Promise<PageHtml | undefined>) {
    const pending = rendering.get(key)
    if (pending?.token === token && pending.dates === on) return pending.promise
    const promise = render().then((page) => {
      if (page?.status === 200 && page.isComplete && dates() === on) {
        const body = encoder.encode(page.html)
        keep(key, {
          kept: cachedBody(body, 'text/html; charset=UTF-8'),
          token,
          dates: on,
          bytes: body.byteLength,
        })
      }
      return page
    })
    rendering.set(key, { token, dates: on, promise })
    const done = () => {
      if (rendering.get(key)?.promise === promise) rendering.delete(key)
    }
    promise.then(done, done)
    return promise
  }

  return {
    page: async (key, render) => {
      const token = await reads.versionToken()
      if (token === undefined) {
        const page = await render()
        return page && { fresh: page }
      }
      const on = dates()
      const entry = entries.get(key)
      if (entry?.token === token && entry.dates === on) {
        // Most recently used last: the oldest page is the least recently used one.
        entries.delete(key)
        entries.set(key, entry)
        return { kept: entry.kept }
      }
      const page = await renderOnce(key, token, on, render)
      if (!page) return undefined
      const kept = entries.get(key)
      return kept?.token === token && kept.dates === on ? { kept: kept.kept } : { fresh: page }
    },
  }
}

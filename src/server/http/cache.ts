import { createHash } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import type { Database } from '../db/client.ts'
import {
  catalogueVersionQuery,
  createLapsingVersionReader,
  createListeningVersionReader,
  createVersionReader,
  nextHoldLapseQuery,
  type VersionReader,
} from '../lib/catalogue-version.ts'
import type { AppDeps } from './app-env.ts'
import {
  COMPRESS_THRESHOLD_BYTES,
  type ContentEncoding,
  encodeBody,
  negotiateEncoding,
  VARY_ACCEPT_ENCODING,
} from './compression.ts'

/**
 * Catalogue reads (days, icons, posts, media lists) may be stored but must be revalidated every time:
 * availability must never be stale after a purchase.
 */
export const noCache: MiddlewareHandler = async (c, next) => {
  c.header('Cache-Control', 'no-cache')
  await next()
}

/**
 * Admin reads that must never be stored. Set by middleware ahead of the input validators (queryParams), so
 * that their 4xx answers carry it too, as when the handler set it before reading its query.
 */
export const noStore: MiddlewareHandler = async (c, next) => {
  c.header('Cache-Control', 'no-store')
  await next()
}

/**
 * Public catalogue reads (calendar days, mailings, map icons, blog posts), cached in process and revalidated
 * by the browser (ETag / If-None-Match → 304). Correctness rests on the catalogue version (migrations 0003,
 * 0005, 0010 and 0017): every committed change of those tables, and of an icon claim among the orders, gives
 * it a new random token in the same transaction; with the moment the next live hold lapses (the one change
 * that needs no write: icon availability and a held day's public status are derived when read,
 * lib/catalogue-version.ts), a token
 * names one state of the catalogue. Each request
 *   1. reads the version with a query that started after the request arrived (lib/catalogue-version.ts;
 *      on PGlite it is heard from the commits themselves), so it reflects every write that finished before,
 *      whichever instance made it;
 *   2. serves the entry for its key if that entry was loaded under the same token (its data was read after
 *      that token was current, so it holds at least that state's commits);
 *   3. otherwise loads the body (after step 1, so from a snapshot holding at least that state) and stores it
 *      under the token. Concurrent misses of one key and token share one load.
 * The ETag is a hash of the body bytes, so it is the same on every instance and survives restarts.
 * Answers of at least COMPRESS_THRESHOLD_BYTES are sent br- or gzip-encoded when Accept-Encoding allows
 * (compression.ts); each entry keeps its encoded variants once made, so a hit never recompresses. An
 * encoded variant's ETag is the identity tag with `-br` / `-gz` inside the quotes (a strong tag names one
 * byte sequence), and If-None-Match matches any variant of the same body.
 *
 * Cache hits may also be answered below Hono (http/fast-read-path.ts): a GET of a URL that this cache has
 * answered before is looked up by its URL, with the key the route gave it then, and answered if the entry is
 * valid for the version read in step 1. That is only right if the key depends on the URL and the town's
 * date alone (never on headers or the session), which `respond` requires anyway for its public answers;
 * URLs learnt on another day are not used. The town's date (SITE_TIMEZONE) and not UTC's: a calendar day
 * turns past at the town's midnight, with no write to change the catalogue version, so a key that holds
 * `today()` (calendar reads) is a new key from that moment on, on both paths.
 * See docs/benchmarks.md ("Read cache") for the full argument.
 */
type PublicReadCache = {
  /**
   * Answers a public read: 304 when If-None-Match names the current body, else the JSON body. `key` must
   * name everything the body depends on besides the catalogue tables (query values, today's date…), and
   * may depend on nothing but the URL and `today()`.
   */
  respond: (c: Context, key: string, load: () => Promise<unknown>) => Promise<Response>
  /** The town's date (YYYY-MM-DD in SITE_TIMEZONE): what a key holds when its body depends on today. */
  today: () => string
  /**
   * For the fast path: undefined (synchronously) when `url` (path and query, as received) has not been
   * answered from this cache today; else the entry for it if that entry is valid for the catalogue version
   * read after this call, or undefined when it is not (the request then goes through Hono, which loads it).
   */
  findByUrl: (url: string) => Promise<CachedBody | undefined> | undefined
  /**
   * The token of the catalogue version, read as `respond` reads it (reflecting every write that finished
   * before the call); undefined when nothing may be cached (READ_CACHE=off, or no version row). The render
   * cache of the public pages (page-cache.ts) keeps its pages under it.
   */
  versionToken: () => Promise<string | undefined>
}

export type CachedBody = {
  body: Uint8Array<ArrayBuffer>
  etag: string
  /** application/json unless said otherwise. */
  contentType?: string
  /** The encoded bodies made so far (a promise while one is being made: concurrent requests share it). */
  encoded: Partial<Record<ContentEncoding, Promise<Uint8Array<ArrayBuffer>>>>
}

// The body is kept as bytes: each answer then writes them as they are, with no encoding per request.
type Entry = CachedBody & { token: string | undefined }

/** Enough for every month, icon and post a town has; the oldest entry goes first when full. */
const MAX_ENTRIES = 2000

const caches = new WeakMap<Database, PublicReadCache>()

/** One cache per database (so per app in tests), shared by every router of the app and the fast path. */
export function publicReadCache(deps: Pick<AppDeps, 'database' | 'config'>): PublicReadCache {
  let cache = caches.get(deps.database)
  if (!cache) {
    const queried = createVersionReader(catalogueVersionQuery(deps.database.db))
    const client = (deps.database.db as { $client?: unknown }).$client
    const committed =
      deps.config.readCache && deps.database.engine === 'pglite' && hasListen(client)
        ? createListeningVersionReader(client, queried)
        : queried
    // A live hold lapsing is a change of the catalogue with no write (icon availability and a held day's
    // public status are derived when read): the token also names the moment the next one lapses.
    const versions = createLapsingVersionReader(committed, nextHoldLapseQuery(deps.database.db))
    cache = createPublicReadCache({
      enabled: deps.config.readCache,
      versions,
      timeZone: deps.config.timeZone,
    })
    caches.set(deps.database, cache)
  }
  return cache
}

function createPublicReadCache(options: {
  enabled: boolean
  versions: VersionReader
  /** The town's time zone (SITE_TIMEZONE). */
  timeZone: string
}): PublicReadCache {
  const entries = new Map<string, Entry>()
  const loading = new Map<string, { token: string; promise: Promise<Entry> }>()
  // URL (path and query) → the key its route gave it, and the town's day that was learnt on.
  const urls = new Map<string, { key: string; day: string }>()
  const today = townDay(options.timeZone)

  function bounded<V>(map: Map<string, V>, key: string, value: V) {
    map.delete(key)
    map.set(key, value)
    if (map.size > MAX_ENTRIES) {
      const oldest = map.keys().next().value
      if (oldest !== undefined) map.delete(oldest)
    }
  }

  function load(key: string, token: string, loader: () => Promise<unknown>): Promise<Entry> {
    const pending = loading.get(key)
    if (pending?.token === token) return pending.promise
    const promise = loader().then((value) => {
      const entry = toEntry(token, value)
      bounded(entries, key, entry)
      return entry
    })
    loading.set(key, { token, promise })
    const forget = () => {
      if (loading.get(key)?.promise === promise) loading.delete(key)
    }
    promise.then(forget, forget)
    return promise
  }

  async function current(key: string, loader: () => Promise<unknown>): Promise<Entry> {
    if (!options.enabled) return toEntry(undefined, await loader())
    const token = (await options.versions.read())?.token
    if (token === undefined) return toEntry(undefined, await loader())
    const entry = entries.get(key)
    if (entry?.token === token) return entry
    return load(key, token, loader)
  }

  /** Learns the URL of a GET answered from the cache (not one whose path Hono decodes: its log path differs). */
  function learnUrl(c: Context, key: string) {
    if (!options.enabled || c.req.method !== 'GET') return
    const url = c.req.url
    const target = url.slice(url.indexOf('/', url.indexOf('//') + 2))
    const query = target.indexOf('?')
    if ((query === -1 ? target : target.slice(0, query)).includes('%')) return
    const day = today()
    const known = urls.get(target)
    if (known?.key !== key || known.day !== day) bounded(urls, target, { key, day })
  }

  async function validEntry(key: string): Promise<CachedBody | undefined> {
    const token = (await options.versions.read())?.token
    const entry = entries.get(key)
    return token !== undefined && entry?.token === token ? entry : undefined
  }

  return {
    respond: async (c, key, loader) => {
      const entry = await current(key, loader)
      if (entry.token !== undefined) learnUrl(c, key)
      // HEAD is answered with the identity headers: it has no body to compress (the fast path never sees it).
      const encoding = c.req.method === 'HEAD' ? undefined : c.req.header('accept-encoding')
      const answer = await cachedAnswer(entry, c.req.header('if-none-match'), encoding)
      for (const name in answer.headers) c.header(name, answer.headers[name])
      return answer.body === null ? c.body(null, 304) : c.body(answer.body, 200)
    },
    today,
    findByUrl: (url) => {
      const known = urls.get(url)
      if (!known || known.day !== today()) return undefined
      return validEntry(known.key)
    },
    versionToken: async () => (options.enabled ? (await options.versions.read())?.token : undefined),
  }
}

const ETAG_SUFFIX: Record<ContentEncoding, string> = { br: '-br', gzip: '-gz' }

/**
 * Status, headers and body of a cached answer: one rule for the Hono path and the fast path. The body is
 * encoded by `acceptEncoding` (compression.ts) when it is large enough; the encoded bytes are kept on the
 * entry. Vary is sent on every answer, 304 included, since the entry's 200 may be encoded.
 */
export async function cachedAnswer(
  entry: CachedBody,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
): Promise<
  | { status: 304; headers: Record<string, string>; body: null }
  | { status: 200; headers: Record<string, string>; body: Uint8Array<ArrayBuffer> }
> {
  const encoding =
    entry.body.byteLength >= COMPRESS_THRESHOLD_BYTES ? negotiateEncoding(acceptEncoding) : undefined
  const etag = encoding ? `${entry.etag.slice(0, -1)}${ETAG_SUFFIX[encoding]}"` : entry.etag
  if (matchesEtag(ifNoneMatch, entry.etag)) {
    return {
      status: 304,
      headers: { 'cache-control': 'no-cache', etag, vary: VARY_ACCEPT_ENCODING },
      body: null,
    }
  }
  const headers: Record<string, string> = {
    'cache-control': 'no-cache',
    etag,
    'content-type': entry.contentType ?? 'application/json',
    vary: VARY_ACCEPT_ENCODING,
  }
  if (!encoding) return { status: 200, headers, body: entry.body }
  let encoded = entry.encoded[encoding]
  if (!encoded) {
    encoded = encodeBody(entry.body, encoding)
    entry.encoded[encoding] = encoded
    // A failure is not kept: the next request tries again (this one goes to the caller's error path).
    encoded.catch(() => {
      if (entry.encoded[encoding] === encoded) delete entry.encoded[encoding]
    })
  }
  headers['content-encoding'] = encoding
  return { status: 200, headers, body: await encoded }
}

/** Today's date in `timeZone` as YYYY-MM-DD, with one formatter (this runs on every cached read). */
function townDay(timeZone: string): () => string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
  return () => {
    const parts = format.formatToParts(new Date())
    const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
    return `${get('year')}-${get('month')}-${get('day')}`
  }
}

function hasListen(client: unknown): client is Parameters<typeof createListeningVersionReader>[0] {
  return typeof (client as { listen?: unknown } | undefined)?.listen === 'function'
}

const encoder = new TextEncoder()

function toEntry(token: string | undefined, value: unknown): Entry {
  return { token, ...cachedBody(encoder.encode(JSON.stringify(value))) }
}

/** A body to answer with cachedAnswer: its ETag is a hash of its bytes, the same on every instance. */
export function cachedBody(body: Uint8Array<ArrayBuffer>, contentType?: string): CachedBody {
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, encoded: {}, contentType }
}

/**
 * RFC 9110 If-None-Match: weak comparison against a list of tags, or `*`. `etag` is the identity tag; a
 * listed tag of an encoded variant of it (`-br` / `-gz` inside the quotes) matches too: it names the same
 * representation, only sent with another Content-Encoding.
 */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  return header.split(',').some((tag) => {
    const opaque = tag.trim().replace(/^W\//, '')
    return opaque === etag || opaque.replace(/-(?:br|gz)"$/, '"') === etag
  })
}

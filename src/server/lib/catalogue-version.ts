import { and, eq, gt, isNotNull, min, or } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { catalogueVersion, orders } from '../db/schema.ts'
import { preparedOnce } from './prepared-queries.ts'

/**
 * The catalogue version: the row migration 0003's triggers rewrite once per committed change of
 * calendar_days, map_icons or blog_posts (and later migrations' of the mailings, their icon stock, the
 * settings and media, and the icon claims among the orders). `token` (random, never reused) names one state of the catalogue;
 * `version` counts changes. Undefined when the row is missing (a restore emptied the table): nothing can be
 * cached then.
 */
export type CatalogueVersion = { version: number; token: string }
export type VersionReader = { read: () => Promise<CatalogueVersion | undefined> }

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Shares version queries among concurrent callers, with "started after me" semantics: a caller never gets
 * the answer of a query that was already running when it asked, only of one issued after. So every answer
 * reflects at least every commit that finished before the caller asked (read-after-write, also across
 * instances sharing one PostgreSQL), while the database sees about one small query per round trip instead
 * of one per request.
 *
 * At most one query runs at a time. Callers join the next query, which starts one event-loop turn after the
 * first of them asked (so requests read from the sockets in the same turn share it) and never before the
 * running one has settled.
 */
export function createVersionReader(query: () => Promise<CatalogueVersion | undefined>): VersionReader {
  let running: Promise<CatalogueVersion | undefined> | undefined
  let next: Promise<CatalogueVersion | undefined> | undefined

  async function startNext() {
    await nextTurn()
    while (running) await running.catch(() => undefined)
    // From here on, a new caller joins a later query: this one may already be reading.
    next = undefined
    const p = query()
    running = p
    const clear = () => {
      if (running === p) running = undefined
    }
    p.then(clear, clear)
    return p
  }

  return {
    read: () => {
      next ??= startNext()
      return next
    },
  }
}

const CATALOGUE_VERSION_CHANNEL = 'townflyer_catalogue_version'

/** The part of PGlite's client this needs (drizzle's `$client` on PGlite). */
type NotifyingClient = {
  listen: (channel: string, callback: (payload: string) => void) => Promise<unknown>
}

/**
 * PGlite: the data folder is locked to this process, so every write to it goes through this process's PGlite
 * client, and the triggers' NOTIFY reaches us from the COMMIT's own response: PGlite runs its listeners
 * (queued microtasks) while it parses that response, before the writer's query resolves, and in commit
 * order (it runs one statement at a time). So the last version heard is the database's by the time any
 * writer can answer its caller, and a read needs no query.
 * The starting version is read once after LISTEN; should a notification be heard before that answer is
 * taken, it may be newer or older than the answer, so the read is simply repeated. Until then, reads use
 * `versions`.
 */
export function createListeningVersionReader(
  client: NotifyingClient,
  versions: VersionReader,
): VersionReader {
  let known: CatalogueVersion | undefined
  let isReady = false
  let heardMeanwhile = false
  client
    .listen(CATALOGUE_VERSION_CHANNEL, (payload) => {
      const [version, token] = payload.split(' ')
      if (!isReady) heardMeanwhile = true
      else if (version && token) known = { version: Number(version), token }
    })
    .then(async () => {
      while (!isReady) {
        heardMeanwhile = false
        const current = await versions.read()
        if (!heardMeanwhile) {
          known = current
          isReady = true
        }
      }
    })
    .catch(() => {})
  return { read: () => (isReady ? Promise.resolve(known) : versions.read()) }
}

/** The version query, prepared once per database (a named statement on PostgreSQL: parsed once per connection). */
export function catalogueVersionQuery(db: Db): () => Promise<CatalogueVersion | undefined> {
  // Prepared on first use, not when the app is composed.
  return async () => {
    const prepared = preparedOnce(db, 'townflyer_catalogue_version', (d, name) =>
      d
        .select({ version: catalogueVersion.version, token: catalogueVersion.token })
        .from(catalogueVersion)
        .where(eq(catalogueVersion.id, 1))
        .prepare(name),
    )
    return (await prepared.execute())[0]
  }
}

/**
 * The public catalogue also changes with no write: an icon's availability is derived when read (paid orders
 * and live holds, migration 0017), a held day is shown free once its hold has lapsed, and a live hold stops
 * being a claim the moment its expires_at passes. So what names one state of the catalogue is the version's
 * token together with the moment the next live hold lapses (the earliest expires_at still ahead, asked after that version was read, so it sees every
 * claim the version's commits hold). Until that moment no answer loaded under the token can change without a
 * write, and a write gives a new token; from that moment on the token is a new one, and so are the keys of
 * every cache keyed on it (the read cache, its fast path, the page cache). Every other change of a claim is
 * a write the database bumps the version for (a hold taken, paid, released, refunded or deleted; a hold's
 * expiry moved), which asks for the next lapse again.
 *
 * One `nextLapse` query runs per token (shared by concurrent readers) and once more each time the lapse it
 * answered has passed. `nextLapse(now)` answers the earliest expiry after `now`, or null when no hold will
 * lapse (no live hold with an expiry).
 */
export function createLapsingVersionReader(
  versions: VersionReader,
  nextLapse: (now: Date) => Promise<Date | null>,
  clock: () => Date = () => new Date(),
): VersionReader {
  type Known = { token: string; lapse: Promise<Date | null> }
  let known: Known | undefined

  function ask(token: string): Known {
    const entry: Known = { token, lapse: nextLapse(clock()) }
    entry.lapse.catch(() => {
      if (known === entry) known = undefined
    })
    known = entry
    return entry
  }

  return {
    read: async () => {
      const current = await versions.read()
      if (!current) return undefined
      for (;;) {
        const entry = known?.token === current.token ? known : ask(current.token)
        const lapse = await entry.lapse
        if (lapse === null || clock().getTime() < lapse.getTime())
          return { version: current.version, token: `${current.token}@${lapse?.toISOString() ?? 'none'}` }
        // That hold has lapsed since: ask for the next one (once, whoever comes first).
        if (known === entry) ask(current.token)
      }
    },
  }
}

/**
 * The earliest expires_at still ahead of `now` among live holds (pending orders with an expiry, of a day or an
 * icon): the next moment the public catalogue changes with no write, as an icon's derived availability and a
 * held day's public status (a lapsed hold shows its day free, features/calendar-days) follow the clock.
 * Served by orders_status_expires_idx.
 */
export function nextHoldLapseQuery(db: Db): (now: Date) => Promise<Date | null> {
  return async (now) => {
    const [row] = await db
      .select({ lapse: min(orders.expiresAt) })
      .from(orders)
      .where(
        and(
          eq(orders.status, 'pending'),
          gt(orders.expiresAt, now),
          or(isNotNull(orders.mapIconId), isNotNull(orders.dayId)),
        ),
      )
    const lapse = row?.lapse ?? null
    return lapse === null ? null : new Date(lapse)
  }
}

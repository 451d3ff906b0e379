import { createHash, randomBytes } from 'node:crypto'
import { inArray, lt, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { linkScanSalts, linkScanVisitors } from '#server/db/schema.ts'
import type { Logger } from '#server/lib/logger.ts'
import { todayInTimeZone } from '#shared/dates.ts'

/**
 * Scans counted in memory and written in batches (`flush`, every couple of seconds and once more on
 * shutdown), so a scan's redirect never waits on the database.
 *
 * Per line and day (the town's date): every counted scan, and the people among them, i.e. distinct devices.
 * A device is the hash of the day's salt (link_scan_salts: one random value per day, the same for every
 * instance), the client's address and its full user agent; only that hash is stored (link_scan_visitors),
 * never the address or the user agent. Until the flush, memory holds an unsalted hash of address and user
 * agent. A new day's salt makes yesterday's devices unrecognisable; the flush deletes the salts and
 * visitors older than yesterday.
 *
 * A failed flush (the database down) keeps its counts in memory and the next flush writes them; past
 * `maxPending` distinct (line, day, device) entries, further scans are dropped (logged once) until a flush
 * succeeds. A flush never throws.
 */

export type ScanCounterOptions = {
  db: Db
  timeZone: string
  logger: Logger
  now?: () => Date
  maxPending?: number
}

/** About this many devices per statement (a line-day with more goes alone). */
const ROWS_PER_STATEMENT = 50

type Pending = { orderId: string; day: string; scans: number; devices: Set<string> }

export type ScanCounter = ReturnType<typeof createScanCounter>

export function createScanCounter(options: ScanCounterOptions) {
  const { db, timeZone, logger } = options
  const now = options.now ?? (() => new Date())
  const maxPending = options.maxPending ?? 200_000
  let pending = new Map<string, Pending>()
  let pendingSize = 0 // lines-days plus devices held
  let droppedLogged = false
  let running: Promise<boolean> | undefined
  let queued: Promise<boolean> | undefined
  let purgedOn: string | undefined
  const salts = new Map<string, string>()
  // The town's date, worked out at most once a second (an Intl formatter per scan costs more than the rest).
  let dayAt = Number.NaN
  let dayOf = ''
  function today(): string {
    const at = now()
    const second = Math.floor(at.getTime() / 1000)
    if (second !== dayAt) {
      dayAt = second
      dayOf = todayInTimeZone(timeZone, at)
    }
    return dayOf
  }

  function add(orderId: string, day: string, scans: number, devices: Iterable<string>) {
    const key = `${orderId} ${day}`
    let entry = pending.get(key)
    if (!entry) {
      if (pendingSize >= maxPending) return false
      entry = { orderId, day, scans: 0, devices: new Set() }
      pending.set(key, entry)
      pendingSize++
    }
    entry.scans += scans
    for (const device of devices) {
      if (entry.devices.has(device)) continue
      if (pendingSize >= maxPending) return false
      entry.devices.add(device)
      pendingSize++
    }
    return true
  }

  /** The days' salts; those read here are remembered by the caller once its transaction has committed. */
  async function saltsOf(tx: Db, days: string[]): Promise<Map<string, string>> {
    const found = new Map(salts)
    const missing = days.filter((day) => !salts.has(day))
    if (missing.length > 0) {
      await tx
        .insert(linkScanSalts)
        .values(missing.map((day) => ({ day, salt: randomBytes(16).toString('base64url') })))
        .onConflictDoNothing()
      // Another instance may have made the day's salt first: everyone uses the one stored.
      const rows = await tx.select().from(linkScanSalts).where(inArray(linkScanSalts.day, missing))
      for (const row of rows) found.set(row.day, row.salt)
    }
    return found
  }

  async function write(batch: Pending[], today: string) {
    const yesterday = previousDay(today)
    let daySalts = salts
    await db.transaction(async (tx) => {
      daySalts = await saltsOf(tx as unknown as Db, [...new Set(batch.map((entry) => entry.day))])
      // About ROWS_PER_STATEMENT devices per statement, letting other work (the redirects) run between them.
      for (const part of chunksOf(batch, ROWS_PER_STATEMENT)) {
        const visitors = { orderIds: [] as string[], days: [] as string[], hashes: [] as string[] }
        for (const entry of part) {
          const salt = daySalts.get(entry.day) as string
          for (const device of entry.devices) {
            visitors.orderIds.push(entry.orderId)
            visitors.days.push(entry.day)
            visitors.hashes.push(visitorHash(salt, device))
          }
        }
        // The devices not seen yet that day are the new people; a line removed since its scan (a hard
        // delete) is left out.
        await tx.execute(sql`
          WITH "new_visitors" AS (
            INSERT INTO "link_scan_visitors" ("order_id", "day", "visitor")
            SELECT "v"."order_id", "v"."day", "v"."visitor"
            FROM unnest(${sql.param(visitors.orderIds)}::text[], ${sql.param(visitors.days)}::date[],
              ${sql.param(visitors.hashes)}::text[]) AS "v" ("order_id", "day", "visitor")
            WHERE EXISTS (SELECT 1 FROM "orders" WHERE "orders"."id" = "v"."order_id")
            ON CONFLICT DO NOTHING
            RETURNING "order_id", "day"
          ), "people" AS (
            SELECT "order_id", "day", count(*)::integer AS "people" FROM "new_visitors" GROUP BY 1, 2
          )
          INSERT INTO "link_scan_days" ("order_id", "day", "scans", "people")
          SELECT "s"."order_id", "s"."day", "s"."scans", coalesce("p"."people", 0)
          FROM unnest(${sql.param(part.map((e) => e.orderId))}::text[], ${sql.param(part.map((e) => e.day))}::date[],
            ${sql.param(part.map((e) => e.scans))}::integer[]) AS "s" ("order_id", "day", "scans")
          LEFT JOIN "people" AS "p" ON "p"."order_id" = "s"."order_id" AND "p"."day" = "s"."day"
          WHERE EXISTS (SELECT 1 FROM "orders" WHERE "orders"."id" = "s"."order_id")
          ON CONFLICT ("order_id", "day") DO UPDATE SET
            "scans" = "link_scan_days"."scans" + excluded."scans",
            "people" = "link_scan_days"."people" + excluded."people"
        `)
        await new Promise((resolve) => setImmediate(resolve))
      }
      // Once a day per instance: the salts and devices of the day before yesterday and older go.
      if (purgedOn !== today) {
        await tx.delete(linkScanVisitors).where(lt(linkScanVisitors.day, yesterday))
        await tx.delete(linkScanSalts).where(lt(linkScanSalts.day, yesterday))
      }
    })
    purgedOn = today
    for (const [day, salt] of daySalts) if (day >= yesterday) salts.set(day, salt)
    for (const day of salts.keys()) if (day < yesterday) salts.delete(day)
  }

  async function runFlush(): Promise<boolean> {
    const batch = [...pending.values()]
    const day = today()
    if (batch.length === 0 && purgedOn === day) return true
    pending = new Map()
    pendingSize = 0
    try {
      await write(batch, day)
      droppedLogged = false
      return true
    } catch (error) {
      // Kept for the next flush, merged with the scans counted meanwhile.
      for (const entry of batch) add(entry.orderId, entry.day, entry.scans, entry.devices)
      logger.warn({ err: error, pending: pending.size }, 'scan counts not written: kept for the next flush')
      return false
    }
  }

  /**
   * Writes the counts taken so far in one transaction; true when written. Never throws: a failure keeps
   * them for the next flush. A call made while a flush runs waits for it and flushes again (one such call
   * at a time: later ones share it, so a slow database never queues up flushes).
   */
  function flush(): Promise<boolean> {
    if (!running) {
      running = runFlush().finally(() => {
        running = undefined
      })
      return running
    }
    queued ??= running.then(() => {
      queued = undefined
      return flush()
    })
    return queued
  }

  return {
    /** One counted scan of a live line by a device (the client's address and full user agent). */
    record(orderId: string, address: string, userAgent: string) {
      const day = today()
      const device = createHash('sha256').update(`${address}\n${userAgent}`).digest('base64url')
      if (!add(orderId, day, 1, [device]) && !droppedLogged) {
        droppedLogged = true
        logger.error(
          { maxPending },
          'scan counts dropped: too many waiting for the database (counting resumes after a flush)',
        )
      }
    },

    flush,

    /** Scans waiting to be written (line-days), for tests and logs. */
    get pendingLines() {
      return pending.size
    },
  }
}

/** The device as stored: its unsalted hash under the day's salt, 128 bits in hex. */
function visitorHash(salt: string, device: string): string {
  return createHash('sha256').update(`${salt}\n${device}`).digest('hex').slice(0, 32)
}

/** The date before an ISO date ('2027-03-01' → '2027-02-28'). */
export function previousDay(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() - 1)
  return date.toISOString().slice(0, 10)
}

/** Line-days in parts of about `size` devices each. */
function chunksOf(entries: Pending[], size: number): Pending[][] {
  const parts: Pending[][] = []
  let part: Pending[] = []
  let devices = 0
  for (const entry of entries) {
    if (part.length > 0 && devices + entry.devices.size > size) {
      parts.push(part)
      part = []
      devices = 0
    }
    part.push(entry)
    devices += entry.devices.size
  }
  if (part.length > 0) parts.push(part)
  return parts
}

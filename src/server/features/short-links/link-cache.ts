/**
 * What a short code leads to, kept in memory so a scan of /go/{code} is answered without waiting on the
 * database, and still answered while the database is down.
 *
 * - A known entry is fresh for `freshMs` (about 2 s); after that it is still served at once (stale) while
 *   one background refresh per code reads it again. A failed refresh (the database down) keeps the stale
 *   entry, which goes on being served until a refresh succeeds.
 * - A code the database does not know is kept as unknown for `unknownMs` (negative cache), then read again.
 * - A code not in memory is read while the scan waits (concurrent scans of it share the one read); reads
 *   are batched, many codes per query, one query at a time. If that read fails the answer is "unknown" and nothing is kept, so the code is read again once the database is
 *   back.
 * - At most `maxEntries` codes are kept: the oldest stored is evicted first.
 * - `drop(code)` forgets a code at once (its destination changed on this instance); a read in flight
 *   started before the drop does not put the old answer back.
 */

/** A known code: its line, whether the line is live (counted, led to its destination) and where it leads. */
export type LinkEntry = { orderId: string; live: boolean; location: string }

export type LinkCacheOptions = {
  /**
   * The database read of several codes at once: the entries of those a line has (the others are unknown).
   * May throw (database down).
   */
  loadMany: (codes: string[]) => Promise<Map<string, LinkEntry>>
  now?: () => number
  freshMs?: number
  unknownMs?: number
  maxEntries?: number
  /** Codes per read (default 100: a short query, so the scans between two reads are not held up). */
  batchSize?: number
  /** Told of a failed read (logged by the caller); the answer is served from memory anyway. */
  onLoadError?: (error: unknown) => void
}

type Slot = { entry: LinkEntry | null; storedAt: number }
type Waiting = {
  promise: Promise<LinkEntry | null>
  resolve: (entry: LinkEntry | null) => void
  reject: (error: unknown) => void
}

export type LinkCache = ReturnType<typeof createLinkCache>

export function createLinkCache(options: LinkCacheOptions) {
  const now = options.now ?? Date.now
  const freshMs = options.freshMs ?? 2000
  const unknownMs = options.unknownMs ?? 5000
  const maxEntries = options.maxEntries ?? 50_000
  const batchSize = options.batchSize ?? 100
  const slots = new Map<string, Slot>()
  /** Codes to read (in the next batch, or the one running), each with the promise its scans wait on. */
  const queued = new Map<string, Waiting>()
  const reading = new Map<string, Waiting>()
  let batchRunning = false

  function store(code: string, entry: LinkEntry | null) {
    slots.delete(code) // re-inserted last: the Map's order is the order stored, oldest first
    slots.set(code, { entry, storedAt: now() })
    if (slots.size > maxEntries) {
      const oldest = slots.keys().next().value
      if (oldest !== undefined) slots.delete(oldest)
    }
  }

  /**
   * One read of many codes at a time (a scan's code waits for the next one), so a busy instance reads its
   * stale codes in a few queries rather than one query per scan.
   */
  function read(code: string): Promise<LinkEntry | null> {
    const waiting = reading.get(code) ?? queued.get(code)
    if (waiting) return waiting.promise
    let resolve!: Waiting['resolve']
    let reject!: Waiting['reject']
    const promise = new Promise<LinkEntry | null>((res, rej) => {
      resolve = res
      reject = rej
    })
    promise.catch(() => {}) // a refresh nobody waits on may fail
    queued.set(code, { promise, resolve, reject })
    if (!batchRunning) {
      batchRunning = true
      setImmediate(runBatches) // the scans of this turn join the read
    }
    return promise
  }

  async function runBatches() {
    while (queued.size > 0) {
      const codes = [...queued.keys()].slice(0, batchSize)
      for (const code of codes) {
        reading.set(code, queued.get(code) as Waiting)
        queued.delete(code)
      }
      try {
        const found = await options.loadMany(codes)
        for (const code of codes) {
          const waiting = reading.get(code)
          if (!waiting) continue // dropped meanwhile: the old answer is not put back
          reading.delete(code)
          const entry = found.get(code) ?? null
          store(code, entry)
          waiting.resolve(entry)
        }
      } catch (error) {
        options.onLoadError?.(error)
        for (const code of codes) {
          reading.get(code)?.reject(error)
          reading.delete(code)
        }
      }
      if (queued.size > 0) await new Promise((resolve) => setImmediate(resolve)) // scans first
    }
    batchRunning = false
  }

  return {
    /**
     * The code's entry (null: unknown). Answers from memory when it can (fresh, or stale with a refresh
     * started behind it); otherwise reads, and answers null when that read fails.
     */
    get(code: string): LinkEntry | null | Promise<LinkEntry | null> {
      const slot = slots.get(code)
      if (slot) {
        const age = now() - slot.storedAt
        if (slot.entry === null) {
          if (age < unknownMs) return null
        } else {
          if (age >= freshMs) read(code) // the stale entry is kept if this read fails
          return slot.entry
        }
      }
      return read(code).catch(() => slots.get(code)?.entry ?? null)
    },

    /** Forgets the code: its next scan reads the database. */
    drop(code: string) {
      slots.delete(code)
      const waiting = reading.get(code) ?? queued.get(code)
      reading.delete(code)
      queued.delete(code)
      // Scans waiting on the read answer from a new one.
      if (waiting) read(code).then(waiting.resolve, waiting.reject)
    },

    get size() {
      return slots.size
    },
  }
}

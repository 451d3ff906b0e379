/**
 * What a short code leads to, kept in memory so a scan of /go/{code} is answered without waiting on the
 * database, and still answered while the database is down.
 *
 * - A known entry is fresh for `freshMs` (about 2 s); after that it is still served at once (stale) while
 *   one background refresh per code reads it again. A failed refresh (the database down) keeps the stale
 *   entry, which goes on being served until a refresh succeeds.
 * - A code the database does not know is kept as unknown for `unknownMs` (negative cache), then read again.
 * - A code not in memory is read while the scan waits (concurrent scans of it share the one read); if that
 *   read fails the answer is "unknown" and nothing is kept, so the code is read again once the database is
 *   back.
 * - At most `maxEntries` codes are kept: the oldest stored is evicted first.
 * - `drop(code)` forgets a code at once (its destination changed on this instance); a read in flight
 *   started before the drop does not put the old answer back.
 */

/** A known code: its line, whether the line is live (counted, led to its destination) and where it leads. */
export type LinkEntry = { orderId: string; live: boolean; location: string }

export type LinkCacheOptions = {
  /** The database read: the code's entry, or null when no line has this code. May throw (database down). */
  load: (code: string) => Promise<LinkEntry | null>
  now?: () => number
  freshMs?: number
  unknownMs?: number
  maxEntries?: number
  /** Told of a failed read (logged by the caller); the answer is served from memory anyway. */
  onLoadError?: (error: unknown, code: string) => void
}

type Slot = { entry: LinkEntry | null; storedAt: number }

export type LinkCache = ReturnType<typeof createLinkCache>

export function createLinkCache(options: LinkCacheOptions) {
  const now = options.now ?? Date.now
  const freshMs = options.freshMs ?? 2000
  const unknownMs = options.unknownMs ?? 5000
  const maxEntries = options.maxEntries ?? 50_000
  const slots = new Map<string, Slot>()
  const loading = new Map<string, Promise<LinkEntry | null>>()

  function store(code: string, entry: LinkEntry | null) {
    slots.delete(code) // re-inserted last: the Map's order is the order stored, oldest first
    slots.set(code, { entry, storedAt: now() })
    if (slots.size > maxEntries) {
      const oldest = slots.keys().next().value
      if (oldest !== undefined) slots.delete(oldest)
    }
  }

  /** One read per code at a time; its answer is stored unless the code was dropped meanwhile. */
  function read(code: string): Promise<LinkEntry | null> {
    const running = loading.get(code)
    if (running) return running
    const started = options.load(code).then(
      (entry) => {
        if (loading.get(code) === started) store(code, entry)
        return entry
      },
      (error: unknown) => {
        options.onLoadError?.(error, code)
        throw error
      },
    )
    const settled = started.finally(() => {
      if (loading.get(code) === started) loading.delete(code)
    })
    settled.catch(() => {}) // the caller handles the rejection of `started`
    loading.set(code, started)
    return started
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
          if (age >= freshMs && !loading.has(code)) read(code).catch(() => {}) // stale kept on failure
          return slot.entry
        }
      }
      return read(code).catch(() => slots.get(code)?.entry ?? null)
    },

    /** Forgets the code: its next scan reads the database. */
    drop(code: string) {
      slots.delete(code)
      loading.delete(code)
    },

    get size() {
      return slots.size
    },
  }
}

/**
 * True when a failure means the database cannot be reached right now (the host is gone, restarting or
 * refusing connections), not that the request or the data is wrong: the API answers 503 for these, and a
 * retry later succeeds once the database is back (pg.Pool opens new connections by itself).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>()
  const pending: unknown[] = [error]
  while (pending.length > 0 && seen.size < 20) {
    const current = pending.shift()
    if (!current || typeof current !== 'object' || seen.has(current)) continue
    seen.add(current)
    const { code, message, cause, errors } = current as {
      code?: unknown
      message?: unknown
      cause?: unknown
      errors?: unknown
    }
    if (typeof code === 'string' && isUnavailableCode(code)) return true
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message)))
      return true
    // drizzle wraps the driver's error in `cause`; a failed connect to several addresses is an AggregateError.
    pending.push(cause)
    if (Array.isArray(errors)) pending.push(...errors)
  }
  return false
}

/** Socket-level codes from node:net, and PostgreSQL's SQLSTATEs for a server shutting down or not ready. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

function isUnavailableCode(code: string): boolean {
  if (SOCKET_CODES.has(code)) return true
  // 08xxx connection exception; 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now.
  return /^08[0-9A-Z]{3}$/.test(code) || code === '57P01' || code === '57P02' || code === '57P03'
}

/** node-postgres and pg-pool report a lost or unobtainable connection with these messages and no code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
  // PGlite closed under a request (the server shutting down).
  /^PGlite is closed$/,
]

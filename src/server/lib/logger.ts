import pino from 'pino'

export type Logger = pino.Logger

/**
 * Paths that carry a bearer secret in a segment: whoever holds the link has what it grants, so the secret
 * never reaches a log. The artwork link's token (its page, upload and files, and the page itself), an offer's
 * link (its page, its keep and release), the local checkout's session id (/pay/…; a session id also opens the thank-you answer, which gives the
 * artwork link, hence the admin's checkout path too) and a password reset token, should a client send one
 * in the path. Secrets in a query string (unsubscribe, reset links) never reach a log: only paths are
 * logged.
 */
const BEARER_PATHS: readonly [RegExp, string][] = [
  [/^(\/api)?\/artwork\/[^/]+/i, '$1/artwork/:token'],
  [/^\/pay\/[^/]+/i, '/pay/:sessionId'],
  [/^\/api\/admin\/checkouts\/[^/]+/i, '/api/admin/checkouts/:key'],
  [/^(\/api)?\/offers\/[^/]+/i, '$1/offers/:token'],
  [/^\/api\/auth\/reset-password\/[^/]+/i, '/api/auth/reset-password/:token'],
]

/** A request path as it may be logged: each bearer secret replaced by the name of its parameter. */
export function redactPath(path: string): string {
  for (const [pattern, replacement] of BEARER_PATHS) {
    if (pattern.test(path)) return path.replace(pattern, replacement)
  }
  return path
}

/**
 * `destination` is for tests; the server logs to stdout. Every line's `path` field (the access line,
 * the error lines of app.ts and of server rendering) goes through redactPath.
 */
export function createLogger(
  level: pino.LevelWithSilent = 'info',
  destination?: pino.DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', '*.password'], remove: true },
    formatters: {
      log(object) {
        const path = object.path
        if (typeof path !== 'string') return object
        const redacted = redactPath(path)
        return redacted === path ? object : { ...object, path: redacted }
      },
    },
  }
  return destination ? pino(options, destination) : pino(options)
}

const REQUEST_ID_MAX_LENGTH = 255
const UNSAFE_REQUEST_ID = /[^\w\-=]/

/**
 * The request id: the caller's X-Request-Id when it is short and plain (letters, digits, _ - =), else a new
 * UUID. The rule of hono/request-id, shared by the app (app.ts) and the cache-hit fast path.
 */
export function requestIdFor(header: string | undefined): string {
  return header && header.length <= REQUEST_ID_MAX_LENGTH && !UNSAFE_REQUEST_ID.test(header)
    ? header
    : crypto.randomUUID()
}

/**
 * The access log line of an API request, one shape for both paths (app.ts and http/fast-read-path.ts):
 * `{"level":30,"time":…,"requestId":…,"method":…,"path":…,"status":…,"ms":…,"msg":"request"}`.
 * Written through the root logger with the id as a field: the same line a per-request child would write,
 * without building one.
 */
export function logRequest(
  logger: Logger,
  line: { requestId: string; method: string; path: string; status: number; started: number },
): void {
  if (!logger.isLevelEnabled('info')) return
  const ms = Math.round((performance.now() - line.started) * 10) / 10
  logger.info(
    { requestId: line.requestId, method: line.method, path: line.path, status: line.status, ms },
    'request',
  )
}

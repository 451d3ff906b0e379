import pino from 'pino'

export type Logger = pino.Logger

export function createLogger(level: pino.LevelWithSilent = 'info'): Logger {
  return pino({
    level,
    base: undefined,
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', '*.password'], remove: true },
  })
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

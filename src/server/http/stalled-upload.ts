import type { IncomingMessage } from 'node:http'
import type { MiddlewareHandler } from 'hono'

/** An upload whose body makes no progress for this long is cut off (Node's own limit is 300 s in all). */
const UPLOAD_STALL_MS = 30_000

/**
 * Closes the connection of a request whose body stops arriving: a client that sends a few bytes and then
 * nothing must not hold its (up to 20 MB) buffer and a connection for minutes. The clock restarts with
 * every chunk (the socket's inactivity timeout) and stops once the body has arrived, so the time spent
 * processing the file does not count. Requests not served by Node's HTTP server (tests calling
 * app.request) have no socket and pass through.
 */
export function stalledUploadTimeout(ms = UPLOAD_STALL_MS): MiddlewareHandler {
  return async (c, next) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
    const socket = incoming?.socket
    if (!incoming || !socket || incoming.readableEnded) return next()
    const cut = () => socket.destroy()
    const stop = () => {
      socket.setTimeout(0)
      socket.off('timeout', cut)
    }
    socket.setTimeout(ms)
    socket.on('timeout', cut)
    incoming.once('end', stop)
    try {
      await next()
    } finally {
      stop()
      incoming.off('end', stop)
    }
  }
}

/**
 * The error a request's body stream ends with when its connection was closed before the body arrived
 * (by the client, or by stalledUploadTimeout): nobody is left to answer, and it is not a server fault.
 */
export function isClientAbort(error: unknown): boolean {
  return (
    (error as NodeJS.ErrnoException | null)?.code === 'ECONNRESET' && (error as Error).message === 'aborted'
  )
}

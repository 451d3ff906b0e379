import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '#server/http/app-env.ts'

const PING_TIMEOUT_MS = 2000

export function healthRoutes({ database }: AppDeps) {
  const app = new Hono<AppEnv>()
  app.get('/health', async (c) => {
    c.header('Cache-Control', 'no-store')
    try {
      let timer: NodeJS.Timeout | undefined
      const timeout = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS)
      })
      await Promise.race([database.ping(), timeout]).finally(() => clearTimeout(timer))
      return c.json({ status: 'ok', database: 'up' })
    } catch (error) {
      // Asked every few seconds by a load balancer or monitor: while the database is down the process is
      // alive (and recovers by itself), so it says which part is down rather than failing outright.
      c.var.log.error({ err: error }, 'health check: database unavailable')
      return c.json({ status: 'degraded', database: 'down' }, 503)
    }
  })
  return app
}

import { Hono } from 'hono'
import type { MeResponse } from '../../../shared/auth.ts'
import type { AppDeps, AppEnv } from '../../http/app-env.ts'
import { clientIp } from '../../http/client-ip.ts'
import { clearSignInFailures, isAdmin, isSignInThrottled, recordSignInFailure } from './auth.service.ts'
import { CLIENT_IP_HEADER } from './auth.ts'

const THROTTLED_MESSAGE = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.'

async function emailOf(request: Request): Promise<string | undefined> {
  try {
    const body = (await request.clone().json()) as { email?: unknown }
    return typeof body.email === 'string' && body.email.trim() ? body.email : undefined
  } catch {
    return undefined
  }
}

export function authRoutes({ auth, database, config }: AppDeps) {
  const db = database.db
  const app = new Hono<AppEnv>()

  app.get('/me', async (c) => {
    const current = await auth.api.getSession({ headers: c.req.raw.headers })
    const body: MeResponse = current
      ? {
          user: { id: current.user.id, email: current.user.email, name: current.user.name },
          isAdmin: await isAdmin(db, current.user.id, (error) =>
            c.var.log.error({ err: error }, 'admin role lookup failed; treating as non-admin'),
          ),
        }
      : { user: null, isAdmin: false }
    c.header('Cache-Control', 'no-store')
    return c.json(body)
  })

  app.on(['GET', 'POST'], '/auth/*', async (c) => {
    const headers = new Headers(c.req.raw.headers)
    headers.delete(CLIENT_IP_HEADER)
    const ip = clientIp(c, config.trustProxy)
    if (ip) headers.set(CLIENT_IP_HEADER, ip)
    const request = new Request(c.req.raw, { headers })

    const isSignIn = c.req.method === 'POST' && c.req.path === '/api/auth/sign-in/email'
    const email = isSignIn ? await emailOf(request) : undefined
    if (email && (await isSignInThrottled(db, email))) {
      return c.json({ code: 'TOO_MANY_REQUESTS', message: THROTTLED_MESSAGE }, 429)
    }
    const response = await auth.handler(request)
    if (email) {
      if (response.status === 401) await recordSignInFailure(db, email)
      else if (response.ok) await clearSignInFailures(db, email)
    }
    return response
  })

  return app
}

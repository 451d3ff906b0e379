import type { MiddlewareHandler } from 'hono'
import { isAdmin } from '../features/auth/auth.service.ts'
import { AppError } from '../lib/errors.ts'
import type { AppDeps, AppEnv } from './app-env.ts'

/** The one guard in front of every admin route: 401 without a session, 403 without the admin role. */
export function requireAdmin({
  auth,
  database,
}: Pick<AppDeps, 'auth' | 'database'>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const current = await auth.api.getSession({ headers: c.req.raw.headers })
    if (!current) throw new AppError('unauthenticated', 'Please sign in as an administrator.')
    const admin = await isAdmin(database.db, current.user.id, (error) =>
      c.var.log.error({ err: error }, 'admin role lookup failed; treating as non-admin'),
    )
    if (!admin) throw new AppError('forbidden', 'This needs an administrator account.')
    c.set('user', { id: current.user.id, email: current.user.email, name: current.user.name })
    return next()
  }
}

import type { MiddlewareHandler } from 'hono'
import { AppError } from '../lib/errors.ts'
import type { AppDeps, AppEnv } from './app-env.ts'

/**
 * Any signed-in user (an advertiser signs in with the link we e-mail): the account's routes show and act on
 * what the user's own address bought, and nothing else. 401 without a session.
 */
export function requireSignedIn({ auth }: Pick<AppDeps, 'auth'>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const current = await auth.api.getSession({ headers: c.req.raw.headers })
    if (!current) throw new AppError('unauthenticated', 'Please sign in with the link we e-mail you.')
    c.set('user', { id: current.user.id, email: current.user.email, name: current.user.name })
    return next()
  }
}

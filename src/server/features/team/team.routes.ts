import { type Context, Hono } from 'hono'
import type { AppDeps, AppEnv } from '#server/http/app-env.ts'
import { requireAdmin } from '#server/http/require-admin.ts'
import { jsonBody } from '#server/http/validate.ts'
import { AppError } from '#server/lib/errors.ts'
import {
  type AddAdministratorResponse,
  addAdministratorInputSchema,
  type TeamResponse,
} from '#shared/team.ts'
import {
  addAdministrator,
  listAdministrators,
  NOT_AN_ADMINISTRATOR,
  removeAdministrator,
  resendInvitation,
} from './team.service.ts'

/** A user id from the URL; anything not shaped like one (NUL bytes, garbage) is a 404, never a query. */
function userIdOf(c: Context<AppEnv>): string {
  const id = c.req.param('userId') ?? ''
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(id)) throw new AppError('not_found', NOT_AN_ADMINISTRATOR)
  return id
}

/** Settings → Administrators: list, add (by invitation), resend an invitation, remove (never the last). */
export function teamRoutes(deps: AppDeps) {
  const db = deps.database.db
  const origin = deps.config.publicOrigin
  const admin = requireAdmin(deps)

  return new Hono<AppEnv>()
    .get('/admin/team', admin, async (c) => {
      const body: TeamResponse = { administrators: await listAdministrators(db, c.var.user.id) }
      c.header('Cache-Control', 'no-store')
      return c.json(body)
    })

    .post('/admin/team', admin, jsonBody(addAdministratorInputSchema), async (c) => {
      const input = c.req.valid('json')
      const body: AddAdministratorResponse = await addAdministrator({ db, origin }, input, c.var.user)
      c.var.log.info({ userId: body.administrator.id, by: c.var.user.id }, 'administrator added')
      return c.json(body, 201)
    })

    .post('/admin/team/:userId/invitation', admin, async (c) => {
      const administrator = await resendInvitation({ db, origin }, userIdOf(c), c.var.user)
      return c.json({ administrator })
    })

    .delete('/admin/team/:userId', admin, async (c) => {
      const userId = userIdOf(c)
      await removeAdministrator(db, userId)
      c.var.log.info({ userId, by: c.var.user.id }, 'administrator removed')
      return c.body(null, 204)
    })
}

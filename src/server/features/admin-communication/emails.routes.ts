import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '#server/http/app-env.ts'
import { noStore } from '#server/http/cache.ts'
import { requireAdmin } from '#server/http/require-admin.ts'
import { queryParams, readIdParam } from '#server/http/validate.ts'
import {
  type AdminEmailDto,
  type AdminEmailsResponse,
  type AdminStatusDto,
  adminEmailsQuerySchema,
  EMAIL_NOT_FOUND_MESSAGE,
} from '#shared/admin-communication.ts'
import { countQueuedEmails, listAdminEmails, resendEmail } from './emails.service.ts'

/** The admin's e-mail log (the outbox), Resend, and the status behind the admin banners. */
export function adminEmailsRoutes(deps: AppDeps) {
  const db = deps.database.db
  const admin = requireAdmin(deps)

  return new Hono<AppEnv>()
    .get('/admin/emails', admin, noStore, queryParams(adminEmailsQuerySchema), async (c) => {
      const body: AdminEmailsResponse = await listAdminEmails(db, c.req.valid('query'))
      return c.json(body)
    })
    .post('/admin/emails/:id/resend', admin, async (c) => {
      const id = readIdParam(c, EMAIL_NOT_FOUND_MESSAGE)
      const body: AdminEmailDto = await resendEmail(db, id)
      c.var.log.info({ outboxId: id, resentAs: body.id, by: c.var.user.email }, 'e-mail queued again')
      return c.json(body, 201)
    })
    .get('/admin/status', admin, async (c) => {
      c.header('Cache-Control', 'no-store')
      const body: AdminStatusDto = {
        // The mailer exists exactly when SMTP_URL is set (bootstrap); tests may hand one in.
        smtpConfigured: deps.mailer !== undefined,
        paymentsMode: deps.payments.name === 'stripe' ? 'live' : 'test',
        queuedEmails: await countQueuedEmails(db),
      }
      return c.json(body)
    })
}

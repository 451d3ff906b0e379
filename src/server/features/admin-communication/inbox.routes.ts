import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '#server/http/app-env.ts'
import { noStore } from '#server/http/cache.ts'
import { requireAdmin } from '#server/http/require-admin.ts'
import { jsonBody, pathParam, queryParams, readIdParam } from '#server/http/validate.ts'
import {
  type AdminInboxEntryDto,
  type AdminInboxResponse,
  adminInboxQuerySchema,
  INBOX_ENTRY_NOT_FOUND_MESSAGE,
  markInboxHandledInputSchema,
} from '#shared/admin-communication.ts'
import { todayInTimeZone } from '#shared/dates.ts'
import { inboxCsvChunks, listInbox, markInboxEntry } from './inbox.service.ts'

/** The admin's inbox of contact inquiries and waitlist sign-ups. */
export function adminInboxRoutes(deps: AppDeps) {
  const db = deps.database.db
  const admin = requireAdmin(deps)

  return new Hono<AppEnv>()
    .get('/admin/inbox', admin, noStore, queryParams(adminInboxQuerySchema), async (c) => {
      const body: AdminInboxResponse = await listInbox(db, c.req.valid('query'))
      return c.json(body)
    })

    .get('/admin/inbox/export.csv', admin, queryParams(adminInboxQuerySchema), async (c) => {
      const { kind, handled } = c.req.valid('query')
      const chunks = inboxCsvChunks(db, { kind, handled })
      const encoder = new TextEncoder()
      // The header and the first batch are read before answering, so a database outage is still a 503.
      const ready: IteratorResult<string>[] = [await chunks.next(), await chunks.next()]
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          try {
            const next = ready.shift() ?? (await chunks.next())
            if (next.done) controller.close()
            else controller.enqueue(encoder.encode(next.value))
          } catch (error) {
            c.var.log.error({ err: error }, 'inbox CSV export failed')
            controller.error(error)
          }
        },
        async cancel() {
          await chunks.return(undefined)
        },
      })
      return c.body(body, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="inbox-${todayInTimeZone(deps.config.timeZone)}.csv"`,
        'Cache-Control': 'no-store',
      })
    })

    .post(
      '/admin/inbox/:id/handled',
      admin,
      pathParam((c) => readIdParam(c, INBOX_ENTRY_NOT_FOUND_MESSAGE)),
      jsonBody(markInboxHandledInputSchema),
      async (c) => {
        const id = c.var.param
        const { handled } = c.req.valid('json')
        const body: AdminInboxEntryDto = await markInboxEntry(db, id, { handled, by: c.var.user.email })
        return c.json(body)
      },
    )
}

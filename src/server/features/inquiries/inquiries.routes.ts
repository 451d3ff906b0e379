import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '#server/http/app-env.ts'
import { clientIp } from '#server/http/client-ip.ts'
import { jsonBody } from '#server/http/validate.ts'
import { AppError } from '#server/lib/errors.ts'
import { type CreateInquiryResponse, createInquiryInputSchema } from '#shared/inquiries.ts'
import { createInquiry, tryCountInquiry } from './inquiries.service.ts'

const RATE_LIMITED_MESSAGE =
  'Too many submissions from your connection. Please wait 10 minutes and try again.'

export function inquiriesRoutes({ database, config }: AppDeps) {
  const db = database.db
  const app = new Hono<AppEnv>()

  app.post('/inquiries', jsonBody(createInquiryInputSchema), async (c) => {
    const input = c.req.valid('json')
    // Only well-formed submissions count; callers without a known address share one counter.
    if (!(await tryCountInquiry(db, clientIp(c, config.trustProxy) ?? 'unknown')))
      throw new AppError('rate_limited', RATE_LIMITED_MESSAGE)
    await createInquiry(db, input, {
      adminEmail: config.mail.adminNotifyEmail,
      publicOrigin: config.publicOrigin,
    })
    const body: CreateInquiryResponse = { ok: true }
    return c.json(body, 201)
  })

  return app
}

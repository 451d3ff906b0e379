import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '#server/http/app-env.ts'
import { requireAdmin } from '#server/http/require-admin.ts'
import { jsonBody } from '#server/http/validate.ts'
import { createRefundInputSchema, type RefundDto } from '#shared/refunds.ts'
import type { RefundContext } from '../orders/refunds.service.ts'
import { createRefund } from './refunds.service.ts'

function refundContext(deps: AppDeps, logger = deps.logger): RefundContext {
  return { db: deps.database.db, payments: deps.payments, config: deps.config, logger, now: () => new Date() }
}

/** POST /api/admin/refunds: an administrator's refund of lines of one checkout. */
export function refundsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().post(
    '/admin/refunds',
    requireAdmin(deps),
    jsonBody(createRefundInputSchema),
    async (c) => {
      const input = c.req.valid('json')
      const body: RefundDto = await createRefund(refundContext(deps, c.var.log), {
        ...input,
        by: c.var.user.email,
      })
      return c.json(body, 201)
    },
  )
}

import { type Context, Hono } from 'hono'
import type { AppDeps, AppEnv } from '#server/http/app-env.ts'
import { noStore } from '#server/http/cache.ts'
import { requireAdmin } from '#server/http/require-admin.ts'
import { jsonBody, pathParam, queryParams, readIdParam } from '#server/http/validate.ts'
import {
  ADVERTISER_NOT_FOUND_MESSAGE,
  type AdvertiserDetailDto,
  type AdvertisersPageDto,
  advertiserEditInputSchema,
  advertiserMergeInputSchema,
  advertisersQuerySchema,
} from '#shared/admin-advertisers.ts'
import { getAdvertiser, listAdvertisers, mergeAdvertisers, updateAdvertiser } from './advertisers.service.ts'

/** An id that is not a uuid names no advertiser: the same 404 as an unknown one. */
const readId = (c: Context) => readIdParam(c, ADVERTISER_NOT_FOUND_MESSAGE)

/** The admin Advertisers tab; see src/shared/admin-advertisers.ts. */
export function advertisersRoutes(deps: AppDeps) {
  const db = deps.database.db
  const admin = requireAdmin(deps)

  return new Hono<AppEnv>()
    .get('/admin/advertisers', admin, noStore, queryParams(advertisersQuerySchema), async (c) => {
      const body: AdvertisersPageDto = await listAdvertisers(db, c.req.valid('query'))
      return c.json(body)
    })

    .get('/admin/advertisers/:id', admin, noStore, pathParam(readId), async (c) => {
      const body: AdvertiserDetailDto = await getAdvertiser(db, c.var.param)
      return c.json(body)
    })

    .patch(
      '/admin/advertisers/:id',
      admin,
      pathParam(readId),
      jsonBody(advertiserEditInputSchema),
      async (c) => {
        const body: AdvertiserDetailDto = await updateAdvertiser(db, c.var.param, c.req.valid('json'))
        return c.json(body)
      },
    )

    .post(
      '/admin/advertisers/:id/merge',
      admin,
      pathParam(readId),
      jsonBody(advertiserMergeInputSchema),
      async (c) => {
        const { fromId } = c.req.valid('json')
        const body: AdvertiserDetailDto = await mergeAdvertisers(db, {
          targetId: c.var.param,
          fromId: fromId.toLowerCase(),
        })
        return c.json(body)
      },
    )
}

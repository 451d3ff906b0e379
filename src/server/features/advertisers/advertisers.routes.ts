import { type Context, Hono } from 'hono'
import type { AppDeps, AppEnv } from '#server/http/app-env.ts'
import { noStore } from '#server/http/cache.ts'
import { requireAdmin } from '#server/http/require-admin.ts'
import { jsonBody, pathParam, queryParams, readIdParam } from '#server/http/validate.ts'
import { AppError } from '#server/lib/errors.ts'
import { currentHits } from '#server/lib/rate-limit.ts'
import { SIGN_IN_LINKS_PER_ADDRESS, signInLinkKey, signInLinkRefusal } from '#server/lib/sign-in-links.ts'
import {
  ADVERTISER_NOT_FOUND_MESSAGE,
  type AdvertiserDetailDto,
  type AdvertisersPageDto,
  advertiserEditInputSchema,
  advertiserMergeInputSchema,
  advertisersQuerySchema,
} from '#shared/admin-advertisers.ts'
import { getAdvertiser, listAdvertisers, mergeAdvertisers, updateAdvertiser } from './advertisers.service.ts'

export const NO_ACCOUNT_YET = 'This advertiser has no order yet, so there is no account to sign in to.'
export const STAFF_ADDRESS = 'This address belongs to a staff account, which signs in with its password.'
export const TOO_MANY_LINKS = 'This address was sent 3 sign-in links in the last 15 minutes. Try again later.'

/** An id that is not a uuid names no advertiser: the same 404 as an unknown one. */
const readId = (c: Context) => readIdParam(c, ADVERTISER_NOT_FOUND_MESSAGE)

/** The admin Advertisers tab; see src/shared/admin-advertisers.ts. */
export function advertisersRoutes(deps: AppDeps) {
  const db = deps.database.db
  const admin = requireAdmin(deps)

  return (
    new Hono<AppEnv>()
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

      // "E-mail the account link": the same one-time sign-in link the advertiser can ask for at /account,
      // made by better-auth and sent by the same rules, to the advertiser's main address; the owner is told
      // when the rules send none.
      .post('/admin/advertisers/:id/account-link', admin, pathParam(readId), async (c) => {
        const { email } = await getAdvertiser(db, c.var.param)
        const refusal = await signInLinkRefusal(db, email)
        if (refusal) throw new AppError('conflict', refusal === 'staff' ? STAFF_ADDRESS : NO_ACCOUNT_YET)
        if (
          (await currentHits(db, signInLinkKey(email), SIGN_IN_LINKS_PER_ADDRESS)) >=
          SIGN_IN_LINKS_PER_ADDRESS.max
        )
          throw new AppError('rate_limited', TOO_MANY_LINKS)
        await deps.auth.api.signInMagicLink({
          body: { email, callbackURL: '/account', errorCallbackURL: '/account' },
          headers: c.req.raw.headers,
        })
        return c.json({ sentTo: email })
      })
  )
}

import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '#server/http/app-env.ts'
import { noStore } from '#server/http/cache.ts'
import { requireAdmin } from '#server/http/require-admin.ts'
import type { OwnerDigestDto } from '#shared/owner-digest.ts'
import { buildOwnerDigest, type OwnerDigestContext } from './owner-digest.service.ts'

/** GET /api/admin/digest: what the morning e-mail says, as of now (the Mailings screen's panel). */
export function ownerDigestRoutes(deps: AppDeps, ctx: OwnerDigestContext) {
  const admin = requireAdmin(deps)
  return new Hono<AppEnv>().get('/admin/digest', admin, noStore, async (c) => {
    const body: OwnerDigestDto = await buildOwnerDigest(ctx, new Date())
    return c.json(body)
  })
}

import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '#server/http/app-env.ts'
import { requireSignedIn } from '#server/http/require-signed-in.ts'
import { jsonBody } from '#server/http/validate.ts'
import type { AdApprovalLineDto, AdApprovalsResponse } from '#shared/ad-approval.ts'
import { adApprovalInputSchema } from '#shared/ad-approval-schemas.ts'
import { adPreviewPng, decideAdApproval, listAdApprovals } from './ad-approval.service.ts'
import { noticeContext } from './artwork.routes.ts'

/**
 * The signed-in advertiser's check of their ad as printed (/account): their lines in mailings whose proof
 * exists, each line's preview image, and their decision. Only the user's own lines; anyone else's is 404.
 */
export function adApprovalRoutes(deps: AppDeps) {
  const ctx = noticeContext(deps)
  const signedIn = requireSignedIn(deps)
  return new Hono<AppEnv>()
    .get('/account/approvals', signedIn, async (c) => {
      const body: AdApprovalsResponse = await listAdApprovals(ctx, c.var.user.email, new Date())
      c.header('Cache-Control', 'no-store')
      return c.json(body)
    })
    .post('/account/lines/:id/approval', signedIn, jsonBody(adApprovalInputSchema), async (c) => {
      const body: AdApprovalLineDto = await decideAdApproval(
        ctx,
        c.var.user.email,
        c.req.param('id'),
        c.req.valid('json'),
        new Date(),
      )
      return c.json(body)
    })
    .get('/account/lines/:id/preview.png', signedIn, async (c) => {
      const png = await adPreviewPng(ctx, c.var.user.email, c.req.param('id'))
      return c.body(png as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'image/png',
        'Cache-Control': 'private, max-age=300',
        'X-Content-Type-Options': 'nosniff',
      })
    })
}

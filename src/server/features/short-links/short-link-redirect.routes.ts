import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '#server/http/app-env.ts'
import { clientIp } from '#server/http/client-ip.ts'
import { REDIRECT_HEADERS, type ShortLinks } from './short-link-redirect.ts'

/** GET and HEAD /go/:code: a 302 at once, to the line's destination or to the home page. */
export function shortLinkRoutes(deps: Pick<AppDeps, 'config'> & { shortLinks: ShortLinks }) {
  const { shortLinks } = deps
  const trustProxy = deps.config.trustProxy
  return new Hono<AppEnv>().on(['GET', 'HEAD'], '/go/:code', async (c) => {
    const location = await shortLinks.redirect(c.req.param('code'), {
      method: c.req.method,
      address: clientIp(c, trustProxy) ?? '',
      userAgent: c.req.header('user-agent'),
      secPurpose: c.req.header('sec-purpose'),
      purpose: c.req.header('purpose'),
    })
    for (const [name, value] of Object.entries(REDIRECT_HEADERS)) c.header(name, value)
    return c.redirect(location, 302)
  })
}

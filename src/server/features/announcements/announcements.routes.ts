import { type Context, Hono } from 'hono'
import type { AppDeps, AppEnv } from '#server/http/app-env.ts'
import { requireAdmin } from '#server/http/require-admin.ts'
import { jsonBody } from '#server/http/validate.ts'
import { AppError } from '#server/lib/errors.ts'
import { unsubscribeToken } from '#server/lib/unsubscribe-token.ts'
import { type MessageAdvertisersResponse, messageAdvertisersInputSchema } from '#shared/mailing-messages.ts'
import type { NotifyWaitlistResponse } from '#shared/mailings.ts'
import {
  isUnsubscribed,
  messageAdvertisers,
  notifyWaitlist,
  unsubscribe,
  verifiedUnsubscribeAddress,
} from './announcements.service.ts'
import {
  renderAlreadyUnsubscribed,
  renderInvalidLink,
  renderUnsubscribed,
  renderUnsubscribeForm,
} from './unsubscribe-page.ts'

/** POST /api/unsubscribe answers a one-click (mail provider) or API caller with this JSON. */
type UnsubscribeResponse = { ok: true }

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']

/** RFC 8058: the provider's POST carries the form field List-Unsubscribe=One-Click. */
async function isOneClickPost(c: Context<AppEnv>): Promise<boolean> {
  const type = (c.req.header('content-type') ?? '').toLowerCase()
  if (!FORM_TYPES.some((t) => type.startsWith(t))) return false
  try {
    return (await c.req.parseBody())['List-Unsubscribe'] === 'One-Click'
  } catch {
    return false // an unreadable body: not a one-click request, the link itself still decides
  }
}

const acceptsHtml = (c: Context<AppEnv>) => (c.req.header('accept') ?? '').includes('text/html')

/**
 * The waitlist announcement and the owner's message to a mailing's advertisers (admin), and the unsubscribe
 * link their e-mails carry (public; its HMAC token is its authority, so it is exempt from the same-origin
 * rule: http/security.ts).
 */
export function announcementsRoutes(deps: AppDeps) {
  const db = deps.database.db
  const { config, authSecret } = deps
  const admin = requireAdmin(deps)
  const context = {
    site: config.site,
    timeZone: config.timeZone,
    publicOrigin: config.publicOrigin,
    secret: authSecret,
  }

  return (
    new Hono<AppEnv>()
      .post('/admin/mailings/:month/notify-waitlist', admin, async (c) => {
        const month = c.req.param('month')
        const body: NotifyWaitlistResponse = await notifyWaitlist(db, month, context)
        // Mail providers honour one-click unsubscribe only over https, and a localhost link reaches no one.
        if (body.queued > 0 && !context.publicOrigin.startsWith('https://'))
          c.var.log.warn(
            { publicOrigin: context.publicOrigin },
            'announcement links do not use https: set PUBLIC_URL to the public https address',
          )
        c.var.log.info({ month, ...body, by: c.var.user.email }, 'waitlist notified of an open mailing')
        return c.json(body)
      })

      .post('/admin/mailings/:month/message', admin, jsonBody(messageAdvertisersInputSchema), async (c) => {
        const month = c.req.param('month')
        const body: MessageAdvertisersResponse = await messageAdvertisers(
          db,
          month,
          c.req.valid('json'),
          context,
        )
        c.var.log.info({ month, ...body, by: c.var.user.email }, 'advertisers of a mailing e-mailed')
        return c.json(body)
      })

      // Personal pages and answers: never stored by a shared cache.
      .use('/unsubscribe', async (c, next) => {
        await next()
        c.header('Cache-Control', 'no-store')
      })

      .get('/unsubscribe', async (c) => {
        let address: string
        try {
          address = verifiedUnsubscribeAddress(authSecret, c.req.query('e'), c.req.query('t'))
        } catch (error) {
          if (error instanceof AppError) return c.html(renderInvalidLink(config.site, error.message), 400)
          throw error
        }
        if (await isUnsubscribed(db, address)) return c.html(renderAlreadyUnsubscribed(config.site, address))
        const action = `/api/unsubscribe?e=${encodeURIComponent(address)}&t=${unsubscribeToken(authSecret, address)}`
        return c.html(renderUnsubscribeForm(config.site, address, action))
      })

      .post('/unsubscribe', async (c) => {
        const browser = !(await isOneClickPost(c)) && acceptsHtml(c)
        let address: string
        try {
          address = verifiedUnsubscribeAddress(authSecret, c.req.query('e'), c.req.query('t'))
        } catch (error) {
          if (browser && error instanceof AppError)
            return c.html(renderInvalidLink(config.site, error.message), 400)
          throw error
        }
        await unsubscribe(db, address)
        c.var.log.info('an address unsubscribed from announcements')
        if (browser) return c.html(renderUnsubscribed(config.site, address))
        const body: UnsubscribeResponse = { ok: true }
        return c.json(body)
      })
  )
}

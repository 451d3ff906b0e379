import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '#server/http/app-env.ts'
import { CLIENT_IP_HEADER, clientIp } from '#server/http/client-ip.ts'
import { AppError } from '#server/lib/errors.ts'
import type { MeResponse } from '#shared/auth.ts'
import { clearSignInFailures, isAdmin, isSignInThrottled, recordSignInFailure } from './auth.service.ts'

const THROTTLED_MESSAGE = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.'

async function emailOf(request: Request): Promise<string | undefined> {
  try {
    const body = (await request.clone().json()) as { email?: unknown }
    return typeof body.email === 'string' && body.email.trim() ? body.email : undefined
  } catch {
    return undefined
  }
}

/** The parameters better-auth redirects to (verify-email, reset-password, social sign-in, …). */
const REDIRECT_PARAMS = ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL', 'redirectTo']

/**
 * A path on this site: one leading '/', no '//' or '/\\' (another host), no whitespace or control
 * characters (browsers drop tabs and newlines, turning '/\t/evil' into '//evil').
 */
function isLocalPath(value: unknown): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) && !/[\u0000-\u0020\u007f\\]/.test(value)
}

/**
 * better-auth redirects to a callback URL it is given even where no origin check applies (GET
 * verify-email with any token redirected to https://evil.example: an open redirect) and fails with a
 * 500 on a protocol-relative one. Nothing here uses them, so only same-site paths are let through.
 */
async function hasForeignRedirect(request: Request): Promise<boolean> {
  const query = new URL(request.url).searchParams
  if (REDIRECT_PARAMS.some((name) => query.getAll(name).some((v) => !isLocalPath(v)))) return true
  if (request.method !== 'POST') return false
  try {
    const body = (await request.clone().json()) as Record<string, unknown> | null
    if (!body || typeof body !== 'object') return false
    return REDIRECT_PARAMS.some((name) => name in body && body[name] != null && !isLocalPath(body[name]))
  } catch {
    return false
  }
}

/**
 * The only better-auth endpoints the product uses (the sign-in page, the sign-out button, the session
 * behind /api/me, "Forgot password?" and its /reset-password page, Settings → Change password, the
 * advertiser's e-mailed sign-in link).
 * better-auth mounts many more (update-user, change-email, list-sessions, revoke-session(s), delete-user,
 * GET reset-password/:token, verify-email, sign-up, …): none is part of the product, each is attack
 * surface (update-user answered 500 to `{ "name": null }`), so every other path under /api/auth answers
 * the API's JSON 404.
 */
const AUTH_ENDPOINTS = new Set([
  'POST /api/auth/sign-in/email',
  'POST /api/auth/sign-out',
  'GET /api/auth/get-session',
  'POST /api/auth/request-password-reset',
  'POST /api/auth/reset-password',
  'POST /api/auth/change-password',
  // The advertiser's one-time sign-in link (/account): asked for, then opened from the e-mail.
  'POST /api/auth/sign-in/magic-link',
  'GET /api/auth/magic-link/verify',
])

/** better-auth's own words for these are terse ("Invalid password", "Invalid token"). */
const CLEARER_MESSAGES: Record<string, Record<string, string>> = {
  '/api/auth/change-password': {
    INVALID_PASSWORD: 'The current password is not correct.',
    CREDENTIAL_ACCOUNT_NOT_FOUND: 'This account has no password to change.',
  },
  '/api/auth/reset-password': {
    INVALID_TOKEN: 'This link is invalid or has expired.',
    USER_NOT_FOUND: 'This link is invalid or has expired.',
  },
}

async function withClearerMessage(path: string, response: Response): Promise<Response> {
  const messages = CLEARER_MESSAGES[path]
  if (!messages || response.status !== 400) return response
  const body = (await response
    .clone()
    .json()
    .catch(() => undefined)) as { code?: unknown } | undefined
  const message = typeof body?.code === 'string' ? messages[body.code] : undefined
  if (!message) return response
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  return new Response(JSON.stringify({ ...body, message }), { status: 400, headers })
}

/**
 * better-auth puts the session token in sign-in's and get-session's JSON bodies. The HttpOnly cookie
 * carries it; a copy in a body is readable by any script on the page, so it is removed.
 */
async function withoutSessionToken(response: Response): Promise<Response> {
  if (!response.ok || !(response.headers.get('content-type') ?? '').includes('application/json'))
    return response
  const body = (await response
    .clone()
    .json()
    .catch(() => undefined)) as Record<string, unknown> | null | undefined
  if (!body || typeof body !== 'object') return response
  const { token: _token, ...rest } = body
  const session = rest.session
  if (session && typeof session === 'object') {
    const { token: _sessionToken, ...sessionRest } = session as Record<string, unknown>
    rest.session = sessionRest
  }
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  return new Response(JSON.stringify(rest), { status: response.status, headers })
}

export function authRoutes({ auth, database, config }: AppDeps) {
  const db = database.db
  const app = new Hono<AppEnv>()

  app.get('/me', async (c) => {
    const current = await auth.api.getSession({ headers: c.req.raw.headers })
    const body: MeResponse = current
      ? {
          user: { id: current.user.id, email: current.user.email, name: current.user.name },
          isAdmin: await isAdmin(db, current.user.id, (error) =>
            c.var.log.error({ err: error }, 'admin role lookup failed; treating as non-admin'),
          ),
        }
      : { user: null, isAdmin: false }
    c.header('Cache-Control', 'no-store')
    return c.json(body)
  })

  app.on(['GET', 'POST'], '/auth/*', async (c) => {
    if (!AUTH_ENDPOINTS.has(`${c.req.method} ${c.req.path}`)) {
      throw new AppError('not_found', `No API route ${c.req.method} ${c.req.path}.`)
    }
    const headers = new Headers(c.req.raw.headers)
    headers.delete(CLIENT_IP_HEADER)
    const ip = clientIp(c, config.trustProxy)
    if (ip) headers.set(CLIENT_IP_HEADER, ip)
    const request = new Request(c.req.raw, { headers })

    if (await hasForeignRedirect(request)) {
      return c.json(
        { code: 'INVALID_CALLBACK_URL', message: 'Redirect targets must be paths on this site.' },
        400,
      )
    }
    const isSignIn = c.req.method === 'POST' && c.req.path === '/api/auth/sign-in/email'
    const email = isSignIn ? await emailOf(request) : undefined
    const attempt = email ? { email, ip } : undefined
    if (attempt && (await isSignInThrottled(db, attempt))) {
      return c.json({ code: 'TOO_MANY_REQUESTS', message: THROTTLED_MESSAGE }, 429)
    }
    const response = await auth.handler(request)
    if (attempt) {
      if (response.status === 401) await recordSignInFailure(db, attempt)
      else if (response.ok) await clearSignInFailures(db, attempt)
    }
    return withoutSessionToken(await withClearerMessage(c.req.path, response))
  })

  return app
}

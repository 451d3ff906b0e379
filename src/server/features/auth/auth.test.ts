import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rateLimit, session, userRoles } from '#server/db/schema.ts'
import { ADMIN, createTestApp, MEMBER, type TestApp } from '#server/test/test-app.ts'
import { isAdmin, SIGN_IN_FAILURES_PER_ACCOUNT, signInFailureKey } from './auth.service.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  await t.createAdmin()
  await t.createMember()
})
afterAll(() => t.close())

describe('sign-in and sessions', () => {
  it('signs an administrator in with an HttpOnly, SameSite=Lax session cookie kept in the database', async () => {
    const response = await t.request('/api/auth/sign-in/email', { method: 'POST', json: ADMIN })
    expect(response.status).toBe(200)
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='))
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(cookie).not.toMatch(/Secure/i)
    expect((await t.db.select().from(session)).length).toBeGreaterThan(0)
  })

  it('reports the signed-in user and the admin role at /api/me', async () => {
    const anonymous = await t.request('/api/me')
    expect(await anonymous.json()).toEqual({ user: null, isAdmin: false })

    const adminMe = await (await t.request('/api/me', { cookie: await t.signIn(ADMIN) })).json()
    expect(adminMe).toMatchObject({ user: { email: ADMIN.email }, isAdmin: true })

    const memberMe = await (await t.request('/api/me', { cookie: await t.signIn(MEMBER) })).json()
    expect(memberMe).toMatchObject({ user: { email: MEMBER.email }, isAdmin: false })
  })

  it('signs out: the cookie no longer opens a session', async () => {
    const cookie = await t.signIn(ADMIN)
    const out = await t.request('/api/auth/sign-out', { method: 'POST', json: {}, cookie })
    expect(out.status).toBe(200)
    expect(await (await t.request('/api/me', { cookie })).json()).toEqual({ user: null, isAdmin: false })
  })

  it('refuses a wrong password and an unknown e-mail with the same 401 and no session', async () => {
    const before = (await t.db.select().from(session)).length
    const wrong = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: ADMIN.email, password: 'not-the-password' },
      ip: '198.51.100.1',
    })
    const unknown = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'nobody@example.com', password: 'not-the-password' },
      ip: '198.51.100.1',
    })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect((await wrong.json()).message).toBe((await unknown.json()).message)
    expect((await t.db.select().from(session)).length).toBe(before)
  })

  it('has no public sign-up', async () => {
    const response = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email: 'new@example.com', password: 'a-long-password-1', name: 'New' },
    })
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
    const signIn = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'new@example.com', password: 'a-long-password-1' },
    })
    expect(signIn.status).toBe(401)
  })

  it('answers malformed sign-in bodies with a 4xx', async () => {
    const response = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      body: '{not json',
      headers: { 'content-type': 'application/json' },
    })
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
    const missing = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: 42 } })
    expect(missing.status).toBeGreaterThanOrEqual(400)
    expect(missing.status).toBeLessThan(500)
  })
})

describe('sign-in throttling', () => {
  it('throttles an address after too many failures on an account, an unknown e-mail alike', async () => {
    const victim = { email: 'throttled@example.com', password: 'throttled-password-1' }
    await t.createMember(victim)
    const attacker = '192.0.2.10'
    for (const email of [victim.email, 'ghost@example.com']) {
      for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT.max; i++) {
        const r = await t.request('/api/auth/sign-in/email', {
          method: 'POST',
          json: { email, password: 'wrong-password!' },
          ip: attacker,
        })
        expect(r.status).toBe(401)
      }
      // Even the right password no longer gets through from that address.
      const blocked = await t.request('/api/auth/sign-in/email', {
        method: 'POST',
        json: { email, password: email === victim.email ? victim.password : 'x-password-123' },
        ip: attacker,
      })
      expect(blocked.status).toBe(429)
      expect((await blocked.json()).message).toMatch(/Too many failed sign-in attempts/)
    }
    // The counter lives in the database, so every instance sharing it sees the same throttle.
    const rows = await t.db
      .select()
      .from(rateLimit)
      .where(eq(rateLimit.key, signInFailureKey({ email: victim.email, ip: attacker })))
    expect(rows[0]?.count).toBe(SIGN_IN_FAILURES_PER_ACCOUNT.max)
  })

  it('cannot lock the administrator out: the right password from another address still signs in', async () => {
    const attacker = '192.0.2.20'
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT.max; i++) {
      const r = await t.request('/api/auth/sign-in/email', {
        method: 'POST',
        json: { email: ADMIN.email, password: 'wrong-password!' },
        ip: attacker,
      })
      expect(r.status).toBe(401)
    }
    const fromAttacker = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: ADMIN,
      ip: attacker,
    })
    expect(fromAttacker.status).toBe(429)
    const fromAdmin = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: ADMIN,
      ip: '198.51.100.77',
    })
    expect(fromAdmin.status).toBe(200)
    expect(fromAdmin.headers.getSetCookie().some((c) => c.startsWith('better-auth.session_token='))).toBe(
      true,
    )
  })

  it('throttles one address that keeps signing in (per-IP limiter, kept in the database)', async () => {
    let last = 200
    for (let i = 0; i < 40 && last !== 429; i++) {
      const r = await t.request('/api/auth/sign-in/email', {
        method: 'POST',
        json: { email: `spray-${i}@example.com`, password: 'wrong-password!' },
        ip: '192.0.2.250',
      })
      last = r.status
    }
    expect(last).toBe(429)
  })
})

describe('better-auth endpoints the product does not use', () => {
  const unusedPost = [
    'update-user',
    'change-email',
    'set-password',
    'revoke-session',
    'revoke-sessions',
    'revoke-other-sessions',
    'delete-user',
    'forget-password',
    'send-verification-email',
    'sign-up/email',
    'sign-in/social',
    'link-social',
    'unlink-account',
    'refresh-token',
    'get-access-token',
    'update-session',
  ]
  const unusedGet = [
    'list-sessions',
    'list-accounts',
    'account-info',
    'verify-email?token=abc&callbackURL=%2Fadmin',
    'reset-password/abc',
    'delete-user/callback',
    'callback/google',
    'ok',
    'error',
  ]

  it('answer a JSON 404, signed in or not, and change nothing', async () => {
    const cookie = await t.signIn(ADMIN)
    for (const withCookie of [cookie, undefined]) {
      for (const path of unusedPost) {
        const response = await t.request(`/api/auth/${path}`, {
          method: 'POST',
          json: { name: null, email: 'new@example.com', newPassword: 'another-password-1', token: 'x' },
          cookie: withCookie,
        })
        expect(response.status, path).toBe(404)
        expect(response.headers.get('content-type'), path).toMatch(/application\/json/)
        expect((await response.json()).error.code, path).toBe('not_found')
      }
      for (const path of unusedGet) {
        const response = await t.request(`/api/auth/${path}`, { cookie: withCookie })
        expect(response.status, path).toBe(404)
        expect(response.headers.get('location'), path).toBeNull()
        expect((await response.json()).error.code, path).toBe('not_found')
      }
    }
    // update-user with { name: null } used to answer 500; the account is untouched and still signed in.
    const me = await (await t.request('/api/me', { cookie })).json()
    expect(me).toMatchObject({ user: { email: ADMIN.email, name: 'Administrator' }, isAdmin: true })
  })

  it('leave sign-in, sign-out and get-session working, with the session token only in the cookie', async () => {
    const signIn = await t.request('/api/auth/sign-in/email', { method: 'POST', json: ADMIN })
    expect(signIn.status).toBe(200)
    const signInBody = await signIn.json()
    expect(signInBody.user).toMatchObject({ email: ADMIN.email })
    expect(signInBody).not.toHaveProperty('token')
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    const token = decodeURIComponent(cookie.split('better-auth.session_token=')[1] ?? '').split('.')[0]
    expect(token).not.toBe('')
    expect(JSON.stringify(signInBody)).not.toContain(token)

    const session = await t.request('/api/auth/get-session', { cookie })
    expect(session.status).toBe(200)
    const sessionBody = await session.json()
    expect(sessionBody.user).toMatchObject({ email: ADMIN.email })
    expect(sessionBody.session).not.toHaveProperty('token')
    expect(JSON.stringify(sessionBody)).not.toContain(token)

    expect((await t.request('/api/auth/sign-out', { method: 'POST', json: {}, cookie })).status).toBe(200)
  })
})

describe('admin guard', () => {
  const putFont = (cookie?: string) =>
    t.request('/api/settings/font', { method: 'PUT', json: { font: 'Poppins' }, cookie })

  it('answers 401 to anonymous callers, 403 to signed-in non-admins and lets admins through', async () => {
    expect((await putFont()).status).toBe(401)
    expect((await putFont(await t.signIn(MEMBER))).status).toBe(403)
    const ok = await putFont(await t.signIn(ADMIN))
    expect(ok.status).toBe(200)
    expect((await ok.json()).font).toBe('Poppins')
  })

  it('loses admin rights as soon as the role row is gone', async () => {
    const cookie = await t.signIn(ADMIN)
    const [role] = await t.db.select().from(userRoles)
    if (!role) throw new Error('expected a role row')
    await t.db.delete(userRoles).where(eq(userRoles.id, role.id))
    expect((await putFont(cookie)).status).toBe(403)
    await t.db.insert(userRoles).values({ userId: role.userId, role: 'admin' })
  })
})

describe('behind https', () => {
  it('marks the session cookie Secure when the public URL is https', async () => {
    const secure = await createTestApp({ database: t.database, env: { PUBLIC_URL: 'https://flyer.example' } })
    const response = await secure.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: ADMIN,
      headers: { origin: 'https://flyer.example' },
    })
    expect(response.status).toBe(200)
    const cookie = response.headers.getSetCookie().find((c) => c.includes('session_token='))
    expect(cookie).toMatch(/; Secure/i)
  })
})

describe('role lookup failure', () => {
  it('counts as non-admin', async () => {
    const broken = {
      ...t.db,
      select: () => {
        throw new Error('database gone')
      },
    } as unknown as typeof t.db
    const errors: unknown[] = []
    expect(await isAdmin(broken, 'any-user', (e) => errors.push(e))).toBe(false)
    expect(errors).toHaveLength(1)
  })
})

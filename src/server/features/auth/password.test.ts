import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outbox, session, verification } from '#server/db/schema.ts'
import { RESET_EMAILS_PER_ADDRESS } from '#server/lib/password-links.ts'
import { createTestApp, TEST_ORIGIN, type TestApp } from '#server/test/test-app.ts'
import { RESET_REQUESTED_MESSAGE } from '#shared/password-policy.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  await t.createAdmin()
})
afterAll(() => t.close())

let ipCounter = 0
/** A fresh client address per test, so the per-address limiters of one test do not reach the next. */
const freshIp = () => `198.18.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`

async function outboxFor(email: string) {
  return t.db.select().from(outbox).where(eq(outbox.toAddress, email)).orderBy(outbox.createdAt)
}

function tokenOf(text: string): string {
  const link = text.match(/https?:\/\/\S+\/reset-password\?\S+/)?.[0]
  if (!link) throw new Error(`no reset link in: ${text}`)
  const token = new URL(link).searchParams.get('token')
  if (!token) throw new Error('no token in the link')
  return token
}

const requestReset = (email: string, ip = freshIp()) =>
  t.request('/api/auth/request-password-reset', { method: 'POST', json: { email }, ip })

describe('forgot password', () => {
  it('e-mails a reset link through the outbox; the link sets a new password once, and signs out elsewhere', async () => {
    const person = { email: 'reset-me@example.com', password: 'the-old-password-1' }
    await t.createAdmin(person)
    const oldSession = await t.signIn(person)

    const response = await requestReset(person.email)
    expect(response.status).toBe(200)
    const [mail, ...more] = await outboxFor(person.email)
    expect(more).toHaveLength(0)
    expect(mail).toMatchObject({ kind: 'password_reset', subject: 'Reset your password', status: 'pending' })
    expect(mail?.textBody).toContain(`${TEST_ORIGIN}/reset-password?token=`)
    expect(mail?.textBody).toContain('1 hour')
    const token = tokenOf(mail?.textBody ?? '')
    expect(mail?.dedupeKey).toBe(`password-reset:${token}`)
    // Valid for an hour.
    const [row] = await t.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `reset-password:${token}`))
    const lifetime = (row?.expiresAt.getTime() ?? 0) - Date.now()
    expect(lifetime).toBeGreaterThan(59 * 60_000)
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000)

    const reset = await t.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, newPassword: 'the-new-password-1' },
      ip: freshIp(),
    })
    expect(reset.status).toBe(200)
    await expect(t.signIn({ ...person, password: 'the-new-password-1' })).resolves.toContain('session_token')
    await expect(t.signIn(person)).rejects.toThrow(/401/)
    expect((await (await t.request('/api/me', { cookie: oldSession })).json()).user).toBeNull()

    const again = await t.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, newPassword: 'a-third-password-1' },
      ip: freshIp(),
    })
    expect(again.status).toBe(400)
    expect((await again.json()).message).toBe('This link is invalid or has expired.')
  })

  it('answers an unknown e-mail exactly as a known one and queues nothing', async () => {
    const before = (await t.db.select().from(outbox)).length
    const unknown = await requestReset('nobody-here@example.com')
    const known = await requestReset('admin@example.com')
    expect(unknown.status).toBe(known.status)
    expect(await unknown.text()).toBe(await known.text())
    expect(await outboxFor('nobody-here@example.com')).toHaveLength(0)
    expect((await t.db.select().from(outbox)).length).toBe(before + 1)
  })

  it('refuses an unknown, expired or missing token and a short password, changing nothing', async () => {
    const person = { email: 'expired@example.com', password: 'expired-password-1' }
    const { userId } = await t.createAdmin(person)
    await requestReset(person.email)
    const token = tokenOf((await outboxFor(person.email))[0]?.textBody ?? '')
    const tooShort = await t.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, newPassword: 'short' },
      ip: freshIp(),
    })
    expect(tooShort.status).toBe(400)
    await t.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(verification.value, userId), like(verification.identifier, 'reset-password:%')))
    for (const body of [
      { token, newPassword: 'a-valid-password-1' },
      { token: 'made-up', newPassword: 'a-valid-password-1' },
      { newPassword: 'a-valid-password-1' },
    ]) {
      const r = await t.request('/api/auth/reset-password', { method: 'POST', json: body, ip: freshIp() })
      expect(r.status).toBe(400)
    }
    await expect(t.signIn(person)).resolves.toContain('session_token')
  })

  it('sends one address at most a few reset e-mails an hour, answering the same', async () => {
    const person = { email: 'flooded@example.com', password: 'flooded-password-1' }
    await t.createAdmin(person)
    const answers = new Set<string>()
    for (let i = 0; i < RESET_EMAILS_PER_ADDRESS.max + 2; i++) {
      const r = await requestReset(person.email)
      expect(r.status).toBe(200)
      answers.add(await r.text())
    }
    expect(answers.size).toBe(1)
    expect(await outboxFor(person.email)).toHaveLength(RESET_EMAILS_PER_ADDRESS.max)
  })

  it('limits how often one client address may ask', async () => {
    const ip = freshIp()
    let last = 200
    for (let i = 0; i < 30 && last !== 429; i++)
      last = (await requestReset(`spray-${i}@example.com`, ip)).status
    expect(last).toBe(429)
  })
})

describe('change password', () => {
  const person = { email: 'changer@example.com', password: 'changer-password-1' }
  beforeAll(() => t.createAdmin(person))

  const change = (cookie: string | undefined, body: unknown) =>
    t.request('/api/auth/change-password', { method: 'POST', json: body, cookie, ip: freshIp() })

  it('needs a session', async () => {
    const r = await change(undefined, {
      currentPassword: person.password,
      newPassword: 'whatever-new-pass-1',
    })
    expect(r.status).toBe(401)
  })

  it('refuses a wrong current password with a clear 400 and a too-short new one', async () => {
    const cookie = await t.signIn(person)
    const wrong = await change(cookie, {
      currentPassword: 'not-my-password',
      newPassword: 'whatever-new-pass-1',
    })
    expect(wrong.status).toBe(400)
    expect((await wrong.json()).message).toBe('The current password is not correct.')
    const short = await change(cookie, { currentPassword: person.password, newPassword: 'short' })
    expect(short.status).toBe(400)
    await expect(t.signIn(person)).resolves.toContain('session_token')
  })

  it('changes it, keeps this session (a new cookie) and signs out the others', async () => {
    const other = await t.signIn(person)
    const cookie = await t.signIn(person)
    const r = await change(cookie, {
      currentPassword: person.password,
      newPassword: 'changed-password-1',
      revokeOtherSessions: true,
    })
    expect(r.status).toBe(200)
    const body = await r.json()
    expect(body).not.toHaveProperty('token')
    const renewed = r.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    expect((await (await t.request('/api/me', { cookie: renewed })).json()).user.email).toBe(person.email)
    expect((await (await t.request('/api/me', { cookie: other })).json()).user).toBeNull()
    await expect(t.signIn(person)).rejects.toThrow(/401/)
    await expect(t.signIn({ ...person, password: 'changed-password-1' })).resolves.toContain('session_token')
    expect((await t.db.select().from(session)).length).toBeGreaterThan(0)
  })
})

it('uses the documented reset message on the client', () => {
  expect(RESET_REQUESTED_MESSAGE).toBe(
    "If an account exists for that e-mail, we've sent a link to reset your password.",
  )
})

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outbox, session, userRoles, verification } from '#server/db/schema.ts'
import { ADMIN, createTestApp, MEMBER, TEST_ORIGIN, type TestApp } from '#server/test/test-app.ts'
import { testEngine } from '#server/test/test-database.ts'
import type { Administrator } from '#shared/team.ts'
import { removeAdministrator } from './team.service.ts'

let t: TestApp
let adminId: string
let adminCookie: string
beforeAll(async () => {
  t = await createTestApp()
  adminId = (await t.createAdmin()).userId
  await t.createMember()
  adminCookie = await t.signIn(ADMIN)
})
afterAll(() => t.close())

const team = async (cookie = adminCookie) =>
  ((await (await t.request('/api/admin/team', { cookie })).json()) as { administrators: Administrator[] })
    .administrators
const add = (json: unknown, cookie = adminCookie) =>
  t.request('/api/admin/team', { method: 'POST', json, cookie })
const remove = (userId: string, cookie = adminCookie) =>
  t.request(`/api/admin/team/${encodeURIComponent(userId)}`, { method: 'DELETE', cookie })
const mailsTo = (email: string) => t.db.select().from(outbox).where(eq(outbox.toAddress, email))

function linkIn(text: string): URL {
  const link = text.match(/https?:\/\/\S+\/reset-password\?\S+/)?.[0]
  if (!link) throw new Error(`no set-password link in: ${text}`)
  return new URL(link)
}

describe('the team API', () => {
  it('is for administrators only', async () => {
    const member = await t.signIn(MEMBER)
    expect((await t.request('/api/admin/team')).status).toBe(401)
    expect((await t.request('/api/admin/team', { cookie: member })).status).toBe(403)
    expect((await add({ email: 'x@example.com' }, member)).status).toBe(403)
    expect((await remove(adminId, member)).status).toBe(403)
    expect((await remove(adminId, '')).status).toBe(401)
    expect(
      (await t.request(`/api/admin/team/${adminId}/invitation`, { method: 'POST', cookie: member })).status,
    ).toBe(403)
  })

  it('lists the administrators with who you are and whether they have a password', async () => {
    const list = await team()
    expect(list).toEqual([
      expect.objectContaining({ id: adminId, email: ADMIN.email, isYou: true, hasPassword: true }),
    ])
    expect(Date.parse(list[0]?.addedAt ?? '')).not.toBeNaN()
  })
})

describe('adding an administrator', () => {
  it('makes an account without a password, with the role, and e-mails an invitation that sets one', async () => {
    const response = await add({ email: '  New.Admin@Example.com ', name: 'New Admin' })
    expect(response.status).toBe(201)
    const { administrator, invited } = await response.json()
    expect(invited).toBe(true)
    expect(administrator).toMatchObject({
      email: 'new.admin@example.com',
      name: 'New Admin',
      isYou: false,
      hasPassword: false,
    })
    expect((await team()).map((a) => a.email)).toContain('new.admin@example.com')

    // No usable password yet: nothing signs in.
    await expect(t.signIn({ email: 'new.admin@example.com', password: 'any-password-123' })).rejects.toThrow(
      /401/,
    )

    const [mail, ...more] = await mailsTo('new.admin@example.com')
    expect(more).toHaveLength(0)
    expect(mail).toMatchObject({ kind: 'admin_invitation', status: 'pending' })
    expect(mail?.textBody).toContain(ADMIN.email)
    expect(mail?.textBody).toContain('7 days')
    const link = linkIn(mail?.textBody ?? '')
    expect(link.origin).toBe(TEST_ORIGIN)
    expect(link.searchParams.get('invite')).toBe('1')
    const token = link.searchParams.get('token') ?? ''
    const [row] = await t.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `reset-password:${token}`))
    expect((row?.expiresAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000)

    const set = await t.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, newPassword: 'invited-password-1' },
    })
    expect(set.status).toBe(200)
    const cookie = await t.signIn({ email: 'new.admin@example.com', password: 'invited-password-1' })
    expect(await (await t.request('/api/me', { cookie })).json()).toMatchObject({ isAdmin: true })
    expect((await team()).find((a) => a.email === 'new.admin@example.com')?.hasPassword).toBe(true)
  })

  it('answers 409 for someone who already is an administrator, queuing nothing', async () => {
    const before = (await t.db.select().from(outbox)).length
    const response = await add({ email: ADMIN.email.toUpperCase() })
    expect(response.status).toBe(409)
    expect((await response.json()).error.message).toBe(`${ADMIN.email} is already an administrator.`)
    expect((await t.db.select().from(outbox)).length).toBe(before)
  })

  it('grants the role to an existing account and tells them, without a new password', async () => {
    const response = await add({ email: MEMBER.email })
    expect(response.status).toBe(201)
    expect(await response.json()).toMatchObject({ invited: false, administrator: { hasPassword: true } })
    const mails = await mailsTo(MEMBER.email)
    expect(mails).toEqual([expect.objectContaining({ kind: 'admin_granted' })])
    expect(mails[0]?.textBody).toContain(`${TEST_ORIGIN}/auth`)
    const cookie = await t.signIn(MEMBER)
    expect(await (await t.request('/api/me', { cookie })).json()).toMatchObject({ isAdmin: true })
  })

  it('refuses a malformed e-mail with field errors', async () => {
    for (const body of [{ email: 'not-an-email' }, {}, { email: 'a@example.com', name: 'x'.repeat(101) }]) {
      const response = await add(body)
      expect(response.status).toBe(422)
      expect(Object.keys((await response.json()).error.fields).length).toBeGreaterThan(0)
    }
  })

  it('resends an invitation with a new link; the old one stops working', async () => {
    const { administrator } = await (await add({ email: 'pending@example.com' })).json()
    const first = linkIn((await mailsTo('pending@example.com'))[0]?.textBody ?? '').searchParams.get('token')
    const resent = await t.request(`/api/admin/team/${administrator.id}/invitation`, {
      method: 'POST',
      cookie: adminCookie,
    })
    expect(resent.status).toBe(200)
    const mails = await mailsTo('pending@example.com')
    expect(mails).toHaveLength(2)
    const tokens = mails.map((m) => linkIn(m.textBody).searchParams.get('token'))
    const second = tokens.find((x) => x !== first)
    const old = await t.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token: first, newPassword: 'pending-password-1' },
    })
    expect(old.status).toBe(400)
    const ok = await t.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token: second, newPassword: 'pending-password-1' },
    })
    expect(ok.status).toBe(200)
    const again = await t.request(`/api/admin/team/${administrator.id}/invitation`, {
      method: 'POST',
      cookie: adminCookie,
    })
    expect(again.status).toBe(409)
  })
})

describe('removing an administrator', () => {
  it('takes the role away, signs them out and spends their invitation link', async () => {
    const { administrator } = await (await add({ email: 'leaving@example.com' })).json()
    const token = linkIn((await mailsTo('leaving@example.com'))[0]?.textBody ?? '').searchParams.get('token')
    const member = await t.signIn(MEMBER) // an administrator since the test above
    const memberId = (await team()).find((a) => a.email === MEMBER.email)?.id ?? ''

    expect((await remove(administrator.id)).status).toBe(204)
    expect((await remove(memberId)).status).toBe(204)
    expect((await team()).map((a) => a.email)).not.toContain('leaving@example.com')
    expect(await (await t.request('/api/me', { cookie: member })).json()).toMatchObject({ user: null })
    expect(await t.db.select().from(session).where(eq(session.userId, memberId))).toHaveLength(0)
    const used = await t.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, newPassword: 'leaving-password-1' },
    })
    expect(used.status).toBe(400)
    expect((await remove(administrator.id)).status).toBe(404)
    expect((await remove('no-such-user')).status).toBe(404)
  })

  it('never removes the last administrator', async () => {
    for (const a of await team()) if (a.id !== adminId) expect((await remove(a.id)).status).toBe(204)
    const response = await remove(adminId)
    expect(response.status).toBe(409)
    expect((await response.json()).error.message).toBe('You cannot remove the last administrator.')
    expect(await t.db.select().from(userRoles).where(eq(userRoles.userId, adminId))).toHaveLength(1)
  })

  it('lets you remove yourself while another administrator remains, signing you out', async () => {
    const other = { email: 'other-admin@example.com', password: 'other-password-12' }
    await t.createAdmin(other)
    const otherCookie = await t.signIn(other)
    const list = await team(otherCookie)
    const otherId = list.find((a) => a.isYou)?.id ?? ''
    expect((await remove(otherId, otherCookie)).status).toBe(204)
    expect((await t.request('/api/admin/team', { cookie: otherCookie })).status).toBe(401)
  })

  /** Makes `second` the only other administrator beside ADMIN. */
  async function twoAdministrators(round: number) {
    const second = { email: `racer-${round}@example.com`, password: 'racer-password-12' }
    const { userId: secondId } = await t.createAdmin(second)
    adminId = (await t.createAdmin()).userId
    for (const row of await t.db.select().from(userRoles).where(eq(userRoles.role, 'admin')))
      if (row.userId !== adminId && row.userId !== secondId)
        await t.db.delete(userRoles).where(eq(userRoles.id, row.id))
    return { second, secondId }
  }

  it('leaves one administrator when both are removed at the same moment', async () => {
    for (let round = 0; round < 3; round++) {
      const { secondId } = await twoAdministrators(round)
      // Without the lock both transactions would count two administrators and both would remove one.
      const results = await Promise.allSettled([
        removeAdministrator(t.db, adminId),
        removeAdministrator(t.db, secondId),
      ])
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
      const refused = results.find((r) => r.status === 'rejected')
      expect((refused as PromiseRejectedResult).reason).toMatchObject({
        code: 'conflict',
        message: 'You cannot remove the last administrator.',
      })
      expect(await t.db.select().from(userRoles).where(eq(userRoles.role, 'admin'))).toHaveLength(1)
    }
  }, 120_000)

  it('leaves one administrator when two remove each other through the API at once', async () => {
    for (let round = 10; round < 12; round++) {
      const { second, secondId } = await twoAdministrators(round)
      const [adminSession, secondSession] = [await t.signIn(ADMIN), await t.signIn(second)]
      const [a, b] = await Promise.all([remove(secondId, adminSession), remove(adminId, secondSession)])
      // The loser is refused as the last administrator, or (when the winner's removal committed before its
      // request was checked) as signed out, or as no longer an administrator (its session was read just
      // before that commit, its role just after: the guard reads them one after the other).
      expect([a.status, b.status].filter((s) => s === 204)).toHaveLength(1)
      expect([409, 401, 403]).toContain([a.status, b.status].find((s) => s !== 204))
      expect(await t.db.select().from(userRoles).where(eq(userRoles.role, 'admin'))).toHaveLength(1)
    }
    adminId = (await t.createAdmin()).userId
    adminCookie = await t.signIn(ADMIN)
  }, 120_000)
})

it(`runs on ${testEngine}`, () => expect(['pglite', 'postgres']).toContain(testEngine))

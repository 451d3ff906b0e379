import { eq, inArray, like, notInArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailInquiries, outbox } from '#server/db/schema.ts'
import { ADMIN, createTestApp, MEMBER, type TestApp } from '#server/test/test-app.ts'
import type { AdminInboxResponse } from '#shared/admin-communication.ts'

let t: TestApp
let admin: string
let member: string

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_NOTIFY_EMAIL: 'owner@example.com' } })
  await t.createAdmin()
  await t.createMember()
  admin = await t.signIn(ADMIN)
  member = await t.signIn(MEMBER)
})
afterAll(() => t.close())

const DUMMY_UUID = '00000000-0000-4000-8000-000000000000'
let ipCounter = 0
/** A fresh client address per submission keeps the inquiries rate limit out of the way. */
const submit = (json: unknown) =>
  t.request('/api/inquiries', { method: 'POST', json, ip: `198.51.100.${++ipCounter}` })

/** Dates the rows of these addresses one minute apart, in the given order (first is oldest). */
async function dateInOrder(emails: string[]) {
  for (const [i, email] of emails.entries())
    await t.db
      .update(emailInquiries)
      .set({ createdAt: sql`now() - make_interval(mins => ${100 - i})` })
      .where(eq(emailInquiries.email, email))
}

async function inbox(query: string): Promise<AdminInboxResponse> {
  const response = await t.request(`/api/admin/inbox${query}`, { cookie: admin })
  expect(response.status, await response.clone().text()).toBe(200)
  return response.json()
}

const adminNotices = () => t.db.select().from(outbox).where(like(outbox.dedupeKey, 'admin-contact-inquiry:%'))

describe('the admin notice of a contact inquiry', () => {
  it('queues one e-mail to ADMIN_NOTIFY_EMAIL per contact inquiry, none for the waitlists', async () => {
    const before = (await adminNotices()).length
    expect(
      (await submit({ type: 'mailing_list', email: 'notice@example.com', name: 'Nora\nNotice' })).status,
    ).toBe(201)
    expect((await submit({ type: 'waitlist', email: 'wl-notice@example.com', name: 'Wally' })).status).toBe(
      201,
    )
    expect((await submit({ type: 'waitlist', email: 'wl-notice-5k@example.com' })).status).toBe(201)

    const notices = await adminNotices()
    expect(notices.length).toBe(before + 1)
    const [row] = await t.db
      .select()
      .from(emailInquiries)
      .where(eq(emailInquiries.email, 'notice@example.com'))
    const notice = notices.find((n) => n.dedupeKey === `admin-contact-inquiry:${row?.id}`)
    expect(notice).toMatchObject({
      kind: 'admin_contact_inquiry',
      toAddress: 'owner@example.com',
      subject: 'New contact inquiry from Nora Notice',
      status: 'pending',
      purchaseId: null,
    })
    expect(notice?.textBody).toContain('Name: Nora\nNotice')
    expect(notice?.textBody).toContain('Email: notice@example.com')
    expect(notice?.textBody).toContain('http://localhost:3000/admin/inbox')
  })

  it('carries the optional message into the notice, the inbox and the CSV', async () => {
    const message = 'We are the Riverside Food Pantry.\nWe would like to apply for a free feature.'
    const email = 'message@example.com'
    expect(
      (await submit({ type: 'mailing_list', email, name: 'Rita', message: `  ${message}  ` })).status,
    ).toBe(201)
    expect(
      (await submit({ type: 'mailing_list', email: 'no-message@example.com', name: 'Nat' })).status,
    ).toBe(201)
    const [row] = await t.db.select().from(emailInquiries).where(eq(emailInquiries.email, email))
    expect(row?.message).toBe(message)
    const notice = (await adminNotices()).find((n) => n.dedupeKey === `admin-contact-inquiry:${row?.id}`)
    expect(notice?.textBody).toContain(`Message:\n${message}\n`)
    const [plain] = await t.db
      .select()
      .from(emailInquiries)
      .where(eq(emailInquiries.email, 'no-message@example.com'))
    const plainNotice = (await adminNotices()).find(
      (n) => n.dedupeKey === `admin-contact-inquiry:${plain?.id}`,
    )
    expect(plainNotice?.textBody).toContain('No message was written.')
    expect(plain?.message).toBeNull()

    const { entries } = await inbox('?kind=contact&pageSize=100')
    expect(entries.find((e) => e.email === email)).toMatchObject({ message, details: {} })
    expect(entries.find((e) => e.email === 'no-message@example.com')?.message).toBeNull()
    const csv = await (await t.request('/api/admin/inbox/export.csv?kind=contact', { cookie: admin })).text()
    expect(csv).toContain(`,contact,${email},Rita,,"${message}",`)
  })

  it('refuses a message that is too long or not text, storing nothing', async () => {
    const before = (await adminNotices()).length
    for (const message of ['x'.repeat(2001), 42]) {
      const response = await submit({ type: 'mailing_list', email: 'long@example.com', name: 'L', message })
      expect(response.status).toBe(422)
      expect((await response.json()).error.fields.message).toBeDefined()
    }
    const tooLong = await submit({
      type: 'mailing_list',
      email: 'long@example.com',
      name: 'L',
      message: 'x'.repeat(2001),
    })
    expect((await tooLong.json()).error.fields.message).toEqual([
      'Please keep the message to 2,000 characters or fewer.',
    ])
    expect(
      await t.db.select().from(emailInquiries).where(eq(emailInquiries.email, 'long@example.com')),
    ).toEqual([])
    expect((await adminNotices()).length).toBe(before)
    // Exactly the limit is taken.
    expect(
      (
        await submit({
          type: 'mailing_list',
          email: 'long@example.com',
          name: 'L',
          message: 'x'.repeat(2000),
        })
      ).status,
    ).toBe(201)
  })

  it('stores neither the inquiry nor the notice when the submission is refused', async () => {
    const before = (await adminNotices()).length
    expect((await submit({ type: 'mailing_list', email: 'bad', name: 'Bad' })).status).toBe(422)
    expect((await adminNotices()).length).toBe(before)
  })
})

describe('the inbox', () => {
  const emails = ['in-a@example.com', 'in-b@example.com', 'in-c@example.com', 'in-d@example.com']
  let ids: Record<string, string>

  beforeAll(async () => {
    await submit({ type: 'mailing_list', email: emails[0], name: 'Ann Contact' })
    await submit({ type: 'waitlist', email: emails[1], name: 'Ben Wait', businessName: 'Ben Bikes' })
    await submit({ type: 'waitlist', email: emails[2] })
    await submit({ type: 'mailing_list', email: emails[3], name: 'Dee Contact' })
    await dateInOrder(emails)
    // The newest entries of the whole inbox are these four; older tests' entries are older.
    await t.db
      .update(emailInquiries)
      .set({ createdAt: sql`now() - interval '1 day'` })
      .where(notInArray(emailInquiries.email, emails))
    const rows = await t.db.select().from(emailInquiries).where(inArray(emailInquiries.email, emails))
    ids = Object.fromEntries(rows.map((r) => [r.email, r.id]))
  })

  it('lists contact inquiries and waitlist sign-ups newest first, with their fields', async () => {
    const page = await inbox('?pageSize=4')
    expect(page.entries.map((e) => e.email)).toEqual([...emails].reverse())
    expect(page.total).toBeGreaterThanOrEqual(4)
    expect(page.entries[0]).toEqual({
      id: ids['in-d@example.com'],
      kind: 'contact',
      email: 'in-d@example.com',
      name: 'Dee Contact',
      businessName: null,
      message: null,
      details: {},
      createdAt: expect.any(String),
      handledAt: null,
      handledBy: null,
    })
    expect(page.entries[2]).toMatchObject({ kind: 'waitlist', name: 'Ben Wait', businessName: 'Ben Bikes' })
    expect(page.entries[1]).toMatchObject({ kind: 'waitlist', name: null, businessName: null })
    const second = await inbox('?pageSize=2&page=2')
    expect(second.entries.map((e) => e.email)).toEqual(['in-b@example.com', 'in-a@example.com'])
  })

  it('filters by kind and by handled, and marks an entry handled (by whom) and not handled again', async () => {
    const contacts = await inbox('?kind=contact&pageSize=100')
    expect(contacts.entries.every((e) => e.kind === 'contact')).toBe(true)
    expect(contacts.entries.map((e) => e.email)).toEqual(
      expect.arrayContaining(['in-a@example.com', 'in-d@example.com']),
    )
    const waitlist = await inbox('?kind=waitlist&pageSize=100')
    expect(waitlist.entries.every((e) => e.kind === 'waitlist')).toBe(true)
    expect(waitlist.total + contacts.total).toBe((await inbox('')).total)

    const mark = (id: string | undefined, json: unknown, cookie = admin) =>
      t.request(`/api/admin/inbox/${id}/handled`, { method: 'POST', json, cookie })
    const marked = await mark(ids['in-a@example.com'], { handled: true })
    expect(marked.status).toBe(200)
    expect(await marked.json()).toMatchObject({
      email: 'in-a@example.com',
      handledAt: expect.any(String),
      handledBy: ADMIN.email,
    })
    const handled = await inbox('?handled=true&pageSize=100')
    expect(handled.entries.map((e) => e.email)).toEqual(['in-a@example.com'])
    expect(
      (await inbox('?handled=false&kind=contact&pageSize=100')).entries.map((e) => e.email),
    ).not.toContain('in-a@example.com')

    const unmarked = await mark(ids['in-a@example.com'], { handled: false })
    expect(await unmarked.json()).toMatchObject({ handledAt: null, handledBy: null })
    expect((await inbox('?handled=true')).total).toBe(0)

    expect((await mark(DUMMY_UUID, { handled: true })).status).toBe(404)
    expect((await mark('nope', { handled: true })).status).toBe(404)
    expect((await mark(ids['in-a@example.com'], { handled: 'yes' })).status).toBe(422)
    for (const query of ['?kind=mailing_list', '?handled=maybe', '?pageSize=101']) {
      const response = await t.request(`/api/admin/inbox${query}`, { cookie: admin })
      expect(response.status, query).toBe(422)
    }
  })

  it('exports the filtered inbox as CSV with quoted cells and the formula guard', async () => {
    await submit({ type: 'mailing_list', email: 'csv@example.com', name: '=HYPERLINK("http://x", "y")' })
    await submit({
      type: 'waitlist',
      email: 'csv-wl@example.com',
      name: 'Wes, "the" Bike',
      businessName: '@Bikes',
    })
    const response = await t.request('/api/admin/inbox/export.csv?kind=contact', { cookie: admin })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="inbox-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const csv = await response.text()
    const lines = csv.split('\r\n')
    expect(lines[0]).toBe('Received At,Kind,Email,Name,Business Name,Message,Details,Handled At,Handled By')
    expect(csv.endsWith('\r\n')).toBe(true)
    expect(csv).toContain(`,contact,csv@example.com,"'=HYPERLINK(""http://x"", ""y"")",,,,`)
    expect(csv).not.toContain('csv-wl@example.com')
    expect(lines.slice(1, -1).every((l) => l.includes(',contact,'))).toBe(true)

    const waitlist = await (
      await t.request('/api/admin/inbox/export.csv?kind=waitlist', { cookie: admin })
    ).text()
    expect(waitlist).toContain(`,waitlist,csv-wl@example.com,"Wes, ""the"" Bike",'@Bikes,,,`)
  })

  it('exports every row when the inbox is larger than one batch, newest first', async () => {
    await t.db.insert(emailInquiries).values(
      Array.from({ length: 1203 }, (_, i) => ({
        email: `bulk-${i}@example.com`,
        metadata: { name: null, businessName: null, type: 'waitlist' },
        createdAt: new Date(Date.UTC(2000, 0, 1) + i * 1000),
      })),
    )
    const csv = await (await t.request('/api/admin/inbox/export.csv?kind=waitlist', { cookie: admin })).text()
    const bulk = csv.split('\r\n').filter((l) => l.includes('bulk-'))
    expect(bulk).toHaveLength(1203)
    expect(bulk[0]).toContain('bulk-1202@example.com')
    expect(bulk.at(-1)).toContain('bulk-0@example.com')
  })
})

describe('the admin guard on the inbox', () => {
  const routes: Array<[string, string]> = [
    ['GET', '/api/admin/inbox'],
    ['GET', '/api/admin/inbox/export.csv'],
    ['POST', `/api/admin/inbox/${DUMMY_UUID}/handled`],
  ]
  it('answers 401 without a session and 403 without the admin role', async () => {
    for (const [method, path] of routes) {
      const json = method === 'POST' ? { handled: true } : undefined
      expect((await t.request(path, { method, json })).status, `${method} ${path}`).toBe(401)
      expect((await t.request(path, { method, json, cookie: member })).status, `${method} ${path}`).toBe(403)
    }
  })
})

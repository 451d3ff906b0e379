import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { calendarDays, emailInquiries, emailUnsubscribes, mailings, outbox } from '#server/db/schema.ts'
import { createLogger } from '#server/lib/logger.ts'
import { deliverDueEmails } from '#server/lib/mailer/outbox.ts'
import { createSmtpMailer } from '#server/lib/mailer/smtp-mailer.ts'
import { unsubscribeToken } from '#server/lib/unsubscribe-token.ts'
import { parseRawHeaders, startSmtpTestInbox } from '#server/test/smtp-test-inbox.ts'
import { ADMIN, createTestApp, MEMBER, TEST_ORIGIN, type TestApp } from '#server/test/test-app.ts'

let t: TestApp
let admin: string
let member: string
beforeAll(async () => {
  t = await createTestApp()
  await t.createAdmin()
  await t.createMember()
  admin = await t.signIn(ADMIN)
  member = await t.signIn(MEMBER)
})
afterAll(() => t.close())
beforeEach(async () => {
  await t.db.delete(outbox)
  await t.db.delete(emailInquiries)
  await t.db.delete(emailUnsubscribes)
})

const secret = () => t.deps.authSecret

/** A day of the month makes its mailing (the calendar_days trigger, migration 0005): open, far ahead. */
async function createMailing(month: string) {
  await t.db
    .insert(calendarDays)
    .values({ date: `${month}-10`, priceCents: 12000 })
    .onConflictDoNothing()
  const [mailing] = await t.db.select().from(mailings).where(eq(mailings.month, month))
  expect(mailing?.status).toBe('open')
  return mailing
}

let ipCounter = 0
/** Signs up through the public waitlist form (a fresh client address each time: no rate limit). */
async function joinWaitlist(email: string, type: 'waitlist' | 'mailing_list' = 'waitlist') {
  const response = await t.request('/api/inquiries', {
    method: 'POST',
    json: { type, email, name: 'Pat' },
    ip: `198.51.100.${++ipCounter % 250}`,
  })
  expect(response.status).toBe(201)
}

const notify = (month: string, cookie = admin) =>
  t.request(`/api/admin/mailings/${month}/notify-waitlist`, { method: 'POST', cookie })

// Announcement mails only: a mailing-list sign-up also queues the admin's inquiry notice.
const queuedMails = () =>
  t.db.select().from(outbox).where(eq(outbox.kind, 'waitlist_mailing_open')).orderBy(asc(outbox.toAddress))
const unsubscribed = async () => (await t.db.select().from(emailUnsubscribes)).map((r) => r.email).sort()

/** The one-click URL out of a stored List-Unsubscribe header value '<…>'. */
function linkOf(header: string | undefined): URL {
  const match = /^<(.+)>$/.exec(header ?? '')
  if (!match?.[1]) throw new Error(`not a List-Unsubscribe value: ${header}`)
  return new URL(match[1])
}
const pathOf = (url: URL) => `${url.pathname}${url.search}`

/** What a mail provider sends for RFC 8058 one-click: a form POST from its own servers, not our origin. */
const oneClick = (path: string) =>
  t.request(path, {
    method: 'POST',
    body: 'List-Unsubscribe=One-Click',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://mail.provider.example',
      'sec-fetch-site': 'cross-site',
    },
  })

describe('POST /api/admin/mailings/:month/notify-waitlist', () => {
  it('is for administrators only', async () => {
    await createMailing('2031-04')
    await joinWaitlist('wes@example.com')
    const anonymous = await t.request('/api/admin/mailings/2031-04/notify-waitlist', { method: 'POST' })
    expect(anonymous.status).toBe(401)
    expect((await anonymous.json()).error.code).toBe('unauthenticated')
    const nonAdmin = await notify('2031-04', member)
    expect(nonAdmin.status).toBe(403)
    expect((await nonAdmin.json()).error.code).toBe('forbidden')
    expect(await queuedMails()).toEqual([])
  })

  it('answers 404 for an unknown or malformed month', async () => {
    for (const month of ['2040-01', '2031-13', '2031-5', 'abc', '2031-05-01']) {
      const response = await notify(month)
      expect(response.status, month).toBe(404)
      expect((await response.json()).error).toEqual({ code: 'not_found', message: 'Mailing not found.' })
    }
  })

  it('answers 409 for a mailing that is not open, or whose sales close has passed', async () => {
    await joinWaitlist('wes@example.com')
    await createMailing('2031-06')
    await t.db.update(mailings).set({ status: 'closed' }).where(eq(mailings.month, '2031-06'))
    await createMailing('2031-07')
    // Still 'open' in the table, but its close has passed (the deadline task has not run yet).
    await t.db
      .update(mailings)
      .set({ salesCloseAt: new Date(Date.now() - 60_000) })
      .where(eq(mailings.month, '2031-07'))
    for (const month of ['2031-06', '2031-07']) {
      const response = await notify(month)
      expect(response.status, month).toBe(409)
      expect((await response.json()).error).toEqual({
        code: 'conflict',
        message: 'Only an open mailing can be announced.',
      })
    }
    expect(await queuedMails()).toEqual([])
    const rows = await t.db.select().from(mailings).where(eq(mailings.month, '2031-06'))
    expect(rows[0]?.waitlistNotifiedAt).toBeNull()
  })

  it('queues one mail per distinct waitlist address, skips the unsubscribed, and never mails anyone twice', async () => {
    await createMailing('2031-05')
    await joinWaitlist('Wes@Example.com')
    await joinWaitlist('wes@example.com') // the same person, twice
    await joinWaitlist('val@example.com')
    await joinWaitlist('gone@example.com')
    await joinWaitlist('reader@example.com', 'mailing_list') // the mailing list is not the waitlist
    await t.db.insert(emailUnsubscribes).values({ email: 'gone@example.com' })

    const before = new Date()
    const first = await notify('2031-05')
    expect(first.status).toBe(200)
    expect(await first.json()).toEqual({ queued: 2, skipped: 1 })

    const mails = await queuedMails()
    expect(mails.map((m) => m.toAddress)).toEqual(['val@example.com', 'wes@example.com'])
    const [val] = mails
    expect(val).toMatchObject({
      dedupeKey: 'waitlist-open:2031-05:val@example.com',
      kind: 'waitlist_mailing_open',
      subject: 'The May 2031 mailing is open',
      status: 'pending',
    })
    // The one-click headers (RFC 8058), with a link for this very address.
    expect(Object.keys(val?.headers ?? {}).sort()).toEqual(['List-Unsubscribe', 'List-Unsubscribe-Post'])
    expect(val?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    const link = linkOf(val?.headers?.['List-Unsubscribe'])
    expect(link.origin).toBe(TEST_ORIGIN)
    expect(link.pathname).toBe('/api/unsubscribe')
    expect(link.searchParams.get('e')).toBe('val@example.com')
    expect(link.searchParams.get('t')).toBe(unsubscribeToken(secret(), 'val@example.com'))
    // The body names the sales close (the town's time), the in-homes date, the calendar and the same link.
    // A midnight close is the end of the day before (deadlineText), never '12:00 AM'.
    expect(val?.textBody).toContain('Orders close: Wednesday, April 16, 11:59 PM (EDT)')
    expect(val?.textBody).toContain('In homes by: Thursday, May 1, 2031')
    expect(val?.textBody).toContain(`${TEST_ORIGIN}/calendar`)
    expect(val?.textBody).toContain(`Unsubscribe from these announcements: ${link.href}`)

    const [mailing] = await t.db.select().from(mailings).where(eq(mailings.month, '2031-05'))
    expect(mailing?.waitlistNotifiedAt?.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000)

    // Pressed again: nobody is mailed twice.
    expect(await (await notify('2031-05')).json()).toEqual({ queued: 0, skipped: 3 })
    expect(await queuedMails()).toHaveLength(2)
    // Someone who joined since gets it; the others still do not.
    await joinWaitlist('NEW@example.com')
    expect(await (await notify('2031-05')).json()).toEqual({ queued: 1, skipped: 3 })
    expect((await queuedMails()).map((m) => m.dedupeKey)).toEqual([
      'waitlist-open:2031-05:new@example.com',
      'waitlist-open:2031-05:val@example.com',
      'waitlist-open:2031-05:wes@example.com',
    ])
    // Two presses at once queue each mail once as well.
    await createMailing('2031-08')
    const both = await Promise.all([notify('2031-08'), notify('2031-08')])
    const counts = await Promise.all(both.map((r) => r.json()))
    expect(counts.map((c) => c.queued).sort()).toEqual([0, 3])
    expect(
      (await queuedMails()).filter((m) => m.dedupeKey.startsWith('waitlist-open:2031-08:')),
    ).toHaveLength(3)
  })

  it('delivers the announcement with List-Unsubscribe and List-Unsubscribe-Post over SMTP', async () => {
    const inbox = await startSmtpTestInbox()
    const mailer = createSmtpMailer(inbox.url)
    try {
      await createMailing('2031-09')
      await joinWaitlist('joe@diner.example')
      expect(await (await notify('2031-09')).json()).toEqual({ queued: 1, skipped: 0 })
      const [stored] = await queuedMails()
      const now = new Date(Date.now() + 1)
      const logger = createLogger('silent')
      expect(await deliverDueEmails(t.db, { mailer, from: 'x@y.example', logger, now })).toMatchObject({
        sent: 1,
      })
      expect(inbox.messages.map((m) => m.to)).toEqual([['joe@diner.example']])
      const raw = inbox.messages[0]?.raw ?? ''
      const headers = parseRawHeaders(raw)
      expect(headers.get('subject')).toEqual(['The September 2031 mailing is open'])
      expect(headers.get('list-unsubscribe')).toEqual([stored?.headers?.['List-Unsubscribe']])
      expect(headers.get('list-unsubscribe-post')).toEqual(['List-Unsubscribe=One-Click'])
      // The body (quoted-printable when lines are long) carries the same link.
      const body = raw
        .slice(raw.search(/\r?\n\r?\n/))
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
      expect(body).toContain(linkOf(stored?.headers?.['List-Unsubscribe']).href)
    } finally {
      mailer.close()
      await inbox.close()
    }
  })
})

describe('/api/unsubscribe', () => {
  async function announcedLink(email: string, month: string): Promise<URL> {
    await createMailing(month)
    await joinWaitlist(email)
    await notify(month)
    const mail = (await queuedMails()).find((m) => m.toAddress === email.toLowerCase())
    return linkOf(mail?.headers?.['List-Unsubscribe'])
  }

  it('one-click POST (from a mail provider, not our origin) records the address, idempotently', async () => {
    const link = await announcedLink('Wes@Example.com', '2031-10')
    const response = await oneClick(pathOf(link))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ok: true })
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await unsubscribed()).toEqual(['wes@example.com'])
    expect((await oneClick(pathOf(link))).status).toBe(200)
    expect(await unsubscribed()).toEqual(['wes@example.com'])
    // RFC 8058 allows the same field as multipart/form-data.
    const other = await announcedLink('val@example.com', '2031-10')
    const form = new FormData()
    form.set('List-Unsubscribe', 'One-Click')
    const multipart = await t.request(pathOf(other), {
      method: 'POST',
      body: form,
      headers: { origin: 'https://mail.provider.example' },
    })
    expect(multipart.status).toBe(200)
    expect(await multipart.json()).toEqual({ ok: true })
    expect(await unsubscribed()).toEqual(['val@example.com', 'wes@example.com'])

    // The next announcement skips the address.
    await createMailing('2031-11')
    expect(await (await notify('2031-11')).json()).toEqual({ queued: 0, skipped: 2 })
  })

  it('the exemption from the same-origin rule is this path only', async () => {
    const foreign = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }
    const inquiry = await t.request('/api/inquiries', {
      method: 'POST',
      json: { type: 'waitlist', email: 'x@example.com' },
      headers: foreign,
    })
    expect(inquiry.status).toBe(403)
    const nested = await t.request('/api/unsubscribe/x', { method: 'POST', headers: foreign })
    expect(nested.status).toBe(403)
  })

  it('refuses a forged, altered or missing token with 400 and stores nothing', async () => {
    const link = await announcedLink('val@example.com', '2031-12')
    const forgedFor = (email: string) =>
      `/api/unsubscribe?e=${encodeURIComponent(email)}&t=${link.searchParams.get('t')}`
    const token = link.searchParams.get('t') ?? ''
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
    for (const path of [
      forgedFor('someone-else@example.com'), // val's token used for another address
      `/api/unsubscribe?e=val%40example.com&t=${altered}`,
      `/api/unsubscribe?e=val%40example.com&t=${unsubscribeToken('another-secret-of-32-characters-or-more', 'val@example.com')}`,
      '/api/unsubscribe?e=val%40example.com',
      `/api/unsubscribe?t=${token}`,
      '/api/unsubscribe',
      `/api/unsubscribe?e=val%40example.com&t=${token}x`,
    ]) {
      const response = await oneClick(path)
      expect(response.status, path).toBe(400)
      expect((await response.json()).error).toEqual({
        code: 'bad_request',
        message:
          'This unsubscribe link is not valid: it is incomplete or was changed. Please use the link from the e-mail exactly as it is.',
      })
      const page = await t.request(path, { headers: { accept: 'text/html' } })
      expect(page.status, path).toBe(400)
      expect(await page.text()).toContain('This unsubscribe link is not valid')
    }
    expect(await unsubscribed()).toEqual([])
    // The address in any case is the same address: the link still works.
    const upper = `/api/unsubscribe?e=VAL%40example.com&t=${token}`
    expect((await oneClick(upper)).status).toBe(200)
    expect(await unsubscribed()).toEqual(['val@example.com'])
  })

  it('GET shows a page with an Unsubscribe button and changes nothing; the button unsubscribes', async () => {
    const link = await announcedLink('pat@example.com', '2032-01')
    const page = await t.request(pathOf(link), { headers: { accept: 'text/html' } })
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    expect(page.headers.get('cache-control')).toBe('no-store')
    const html = await page.text()
    expect(html).toContain('<html lang="en">')
    expect(html).toContain('pat@example.com')
    expect(html).toMatch(
      /<form method="post" action="\/api\/unsubscribe\?e=pat%40example\.com&amp;t=[\w-]{43}">/,
    )
    expect(html).toContain('<button type="submit">Unsubscribe</button>')
    // A link scanner's fetch (or a second look) unsubscribes nobody.
    await t.request(pathOf(link))
    expect(await unsubscribed()).toEqual([])

    // The browser posts the form: same origin, no one-click field, wants HTML.
    const posted = await t.request(pathOf(link), {
      method: 'POST',
      body: '',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'text/html,application/xhtml+xml',
      },
    })
    expect(posted.status).toBe(200)
    expect(posted.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await posted.text()).toContain('You have been unsubscribed.')
    expect(await unsubscribed()).toEqual(['pat@example.com'])

    const again = await t.request(pathOf(link), { headers: { accept: 'text/html' } })
    expect(await again.text()).toContain('You are unsubscribed')
  })

  it('unknown paths below /api/unsubscribe answer JSON 404, not the app', async () => {
    const response = await t.request('/api/unsubscribe/extra', { headers: { accept: 'text/html' } })
    expect(response.status).toBe(404)
    expect((await response.json()).error.code).toBe('not_found')
  })
})

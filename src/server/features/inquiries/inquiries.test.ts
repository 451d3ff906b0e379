import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailInquiries } from '#server/db/schema.ts'
import { createTestApp, type TestApp } from '#server/test/test-app.ts'
import { INQUIRIES_PER_IP, tryCountInquiry } from './inquiries.service.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const post = (json: unknown, ip: string) => t.request('/api/inquiries', { method: 'POST', json, ip })
const stored = () => t.db.select().from(emailInquiries)

describe('POST /api/inquiries', () => {
  it('stores a mailing-list inquiry as email + {name}', async () => {
    const response = await post(
      { type: 'mailing_list', email: ' pat@example.com ', name: ' Pat ' },
      '198.51.100.1',
    )
    expect(response.status).toBe(201)
    expect(await response.json()).toEqual({ ok: true })
    const rows = (await stored()).filter((r) => r.email === 'pat@example.com')
    expect(rows.map((r) => r.metadata)).toEqual([{ name: 'Pat' }])
  })

  it('stores a waitlist entry as email + {name, businessName, type: waitlist}', async () => {
    const ip = '198.51.100.2'
    expect(
      (await post({ type: 'waitlist', email: 'wes@example.com', name: 'Wes', businessName: 'Wes Bikes' }, ip))
        .status,
    ).toBe(201)
    expect((await post({ type: 'waitlist', email: 'val@example.com', name: 'Val' }, ip)).status).toBe(201)
    const byEmail = Object.fromEntries((await stored()).map((r) => [r.email, r.metadata]))
    expect(byEmail['wes@example.com']).toEqual({ name: 'Wes', businessName: 'Wes Bikes', type: 'waitlist' })
    expect(byEmail['val@example.com']).toEqual({ name: 'Val', businessName: null, type: 'waitlist' })
  })

  it('stores the e-mail-only waitlist of /5k-example as email + {name: null, businessName: null, type: waitlist}', async () => {
    const response = await post({ type: 'waitlist', email: ' five-k@example.com ' }, '198.51.100.40')
    expect(response.status).toBe(201)
    const rows = (await stored()).filter((r) => r.email === 'five-k@example.com')
    expect(rows.map((r) => r.metadata)).toEqual([{ name: null, businessName: null, type: 'waitlist' }])
    // A name, when sent, must still be a name.
    const blank = await post({ type: 'waitlist', email: 'blank@example.com', name: '  ' }, '198.51.100.40')
    expect(blank.status).toBe(422)
  })

  it('answers bad input with 422 (400 for broken JSON, 415 for non-JSON) and stores nothing', async () => {
    const ip = '198.51.100.3'
    const before = (await stored()).length
    const cases: Array<[unknown, string]> = [
      [{ type: 'mailing_list', email: 'not-an-email', name: 'A' }, 'email'],
      [{ type: 'mailing_list', email: 'a@example.com', name: '  ' }, 'name'],
      [{ type: 'mailing_list', email: 'a@example.com' }, 'name'],
      [{ type: 'waitlist', name: 'A' }, 'email'],
      [{ type: 'waitlist', email: 'a@example.com', name: 'A', businessName: 3 }, 'businessName'],
      [{ type: 'newsletter', email: 'a@example.com', name: 'A' }, 'type'],
      [{ email: 'a@example.com', name: 'A' }, 'type'],
    ]
    for (const [json, field] of cases) {
      const response = await post(json, ip)
      expect(response.status, JSON.stringify(json)).toBe(422)
      const body = await response.json()
      expect(body.error.code).toBe('validation_failed')
      expect(body.error.fields[field], JSON.stringify(json)).toBeDefined()
    }
    const invalid = await (await post({ type: 'mailing_list', email: 'nope', name: 'A' }, ip)).json()
    expect(invalid.error.fields.email).toEqual(['Please enter a valid email address.'])
    const broken = await t.request('/api/inquiries', {
      method: 'POST',
      body: '{"type":',
      headers: { 'content-type': 'application/json' },
      ip,
    })
    expect(broken.status).toBe(400)
    const form = await t.request('/api/inquiries', {
      method: 'POST',
      body: 'email=a@example.com',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      ip,
    })
    expect(form.status).toBe(415)
    expect((await stored()).length).toBe(before)
    // Rejected bodies do not use up the address's allowance.
    expect((await post({ type: 'mailing_list', email: 'ok@example.com', name: 'Ok' }, ip)).status).toBe(201)
  })

  it('refuses the 11th submission from one address in 10 minutes with 429, while another address still works', async () => {
    const ip = '198.51.100.4'
    const entry = (i: number) => ({ type: 'mailing_list', email: `spam${i}@example.com`, name: `N${i}` })
    for (let i = 0; i < INQUIRIES_PER_IP.max; i++) expect((await post(entry(i), ip)).status).toBe(201)
    const before = (await stored()).length
    const blocked = await post(entry(99), ip)
    expect(blocked.status).toBe(429)
    expect((await blocked.json()).error).toEqual({
      code: 'rate_limited',
      message: 'Too many submissions from your connection. Please wait 10 minutes and try again.',
    })
    expect((await stored()).length).toBe(before)
    expect((await post(entry(100), '198.51.100.5')).status).toBe(201)
  })

  it('opens a new window after 10 minutes', async () => {
    const ip = '198.51.100.6'
    const start = Date.now()
    for (let i = 0; i < INQUIRIES_PER_IP.max; i++) expect(await tryCountInquiry(t.db, ip, start)).toBe(true)
    expect(await tryCountInquiry(t.db, ip, start + 60_000)).toBe(false)
    expect(await tryCountInquiry(t.db, ip, start + INQUIRIES_PER_IP.window * 1000 + 1)).toBe(true)
  })
})

import { and, eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calendarDays, orders, outbox, receipts } from '#server/db/schema.ts'
import { callFunction } from '#server/test/checkout-test-helpers.ts'
import { ADMIN, createTestApp, MEMBER, type TestApp } from '#server/test/test-app.ts'
import { NOTHING_TO_INVOICE } from './invoices.service.ts'

/**
 * An invoice for an order awaiting payment: numbered PDF, e-mailed with a pay link to the same hosted
 * checkout; paying it marks the order paid through the normal payment path (receipt, confirmation).
 */
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

async function pendingManualOrder(date: string, email: string): Promise<string> {
  const [day] = await t.db
    .insert(calendarDays)
    .values({ date, status: 'available', priceCents: 14000 })
    .returning({ id: calendarDays.id })
  const response = await t.request('/api/admin/manual-orders', {
    method: 'POST',
    cookie: admin,
    json: { businessName: 'Invoice Bakery', email, dayId: day?.id, status: 'pending' },
  })
  expect(response.status).toBe(201)
  return (await response.json()).id as string
}

const mailsOf = (purchaseId: string, kind: string) =>
  t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.purchaseId, purchaseId), eq(outbox.kind, kind)))

async function pdfText(response: Response): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()))
  return (await extractText(pdf, { mergePages: true })).text
}

describe('invoices and pay links', () => {
  it('invoice → pay link → paid → receipt and confirmation', async () => {
    const orderId = await pendingManualOrder('2036-06-03', 'bakery@invoice.example')
    const sent = await t.request(`/api/admin/checkouts/${orderId}/invoice`, { method: 'POST', cookie: admin })
    expect(sent.status).toBe(201)
    const invoice = await sent.json()
    expect(invoice).toMatchObject({ amountCents: 14000, number: expect.stringMatching(/^INV-\d{4}-\d{4}$/) })

    const [mail] = await mailsOf(orderId, 'invoice')
    expect(mail?.toAddress).toBe('bakery@invoice.example')
    expect(mail?.textBody).toContain(invoice.number)
    // Due by the June mailing's sales close, midnight at the start of May 18: the end of May 17.
    expect(invoice.dueDate).toBe('2036-05-17')
    expect(mail?.textBody).toContain('$140 due by Saturday, May 17, 11:59 PM (EDT).')
    const payUrl = /Pay online \(card\): (\S+)/.exec(mail?.textBody ?? '')?.[1] ?? ''
    const pdfUrl = /The invoice \(PDF\): (\S+)/.exec(mail?.textBody ?? '')?.[1] ?? ''

    const pdf = await t.request(new URL(pdfUrl).pathname)
    expect(pdf.status).toBe(200)
    const text = await pdfText(pdf)
    expect(text).toContain(`Invoice ${invoice.number}`)
    expect(text).toContain('Invoice Bakery')
    expect(text).toContain('Amount due')
    expect(text).toContain('$140')
    // The link is printed whole; a long one wraps where its characters' widths put the line end.
    expect(text.replace(/\s+/g, '')).toContain(payUrl)

    // The buyer follows the pay link to the checkout and pays there.
    const pay = await t.request(new URL(payUrl).pathname)
    expect(pay.status).toBe(303)
    const checkout = pay.headers.get('location') ?? ''
    expect(checkout).toMatch(/^\/pay\/cs_local_/)
    // Opened again: the same open checkout.
    expect((await t.request(new URL(payUrl).pathname)).headers.get('location')).toBe(checkout)
    const paid = await t.request(`${checkout}/complete`, { method: 'POST' })
    expect(paid.status).toBe(303)

    const [line] = await t.db.select().from(orders).where(eq(orders.id, orderId))
    expect(line).toMatchObject({ status: 'paid', purchaseId: orderId })
    const [receipt] = await t.db.select().from(receipts).where(eq(receipts.purchaseId, orderId))
    expect(receipt?.paymentMethod).toBe('TEST MODE (no card charged)')
    const [confirmation] = await mailsOf(orderId, 'order_confirmation')
    expect(confirmation?.textBody).toContain('Your receipt:')
    // The thank-you page of the pay link's session leads to the purchase's artwork page, as the e-mail does.
    const sessionId = checkout.slice('/pay/'.length)
    const thanks = await callFunction(t, 'get-orders-by-session', { sessionId })
    expect(thanks.body.artwork?.path).toMatch(/^\/artwork\//)
    expect(confirmation?.textBody).toContain(thanks.body.artwork?.path)

    // Paid: nothing is due, so no new invoice, and the pay link leads to the buyer's account.
    const again = await t.request(`/api/admin/checkouts/${orderId}/invoice`, {
      method: 'POST',
      cookie: admin,
    })
    expect(again.status).toBe(409)
    expect((await again.json()).error.message).toBe(NOTHING_TO_INVOICE)
    expect((await t.request(new URL(payUrl).pathname)).headers.get('location')).toBe('/account')
  })

  it('numbers invoices one after another, and refuses strangers and unknown orders', async () => {
    const orderId = await pendingManualOrder('2036-06-04', 'numbers@invoice.example')
    const first = await (
      await t.request(`/api/admin/checkouts/${orderId}/invoice`, { method: 'POST', cookie: admin })
    ).json()
    const second = await (
      await t.request(`/api/admin/checkouts/${orderId}/invoice`, { method: 'POST', cookie: admin })
    ).json()
    const sequence = (n: string) => Number(n.split('-').at(-1))
    expect(sequence(second.number)).toBe(sequence(first.number) + 1)

    expect((await t.request(`/api/admin/checkouts/${orderId}/invoice`, { method: 'POST' })).status).toBe(401)
    expect(
      (await t.request(`/api/admin/checkouts/${orderId}/invoice`, { method: 'POST', cookie: member })).status,
    ).toBe(403)
    expect(
      (await t.request('/api/admin/checkouts/ORD-nowhere/invoice', { method: 'POST', cookie: admin })).status,
    ).toBe(404)
    expect((await t.request(`/api/invoices/${'0'.repeat(64)}.pdf`)).status).toBe(404)
    expect((await t.request(`/api/invoices/${'0'.repeat(64)}/pay`)).status).toBe(404)
    expect((await t.request('/api/invoices/nope/pay')).status).toBe(404)
  })
})

import { and, asc, eq, gte, lte } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  calendarDays,
  mailings,
  mapIcons,
  orders,
  outbox,
  refunds as refundRecords,
} from '#server/db/schema.ts'
import { createLogger } from '#server/lib/logger.ts'
import type { PaymentProvider } from '#server/lib/payments/payment-provider.ts'
import { callFunction, ordersOfSession, outboxRows, sessionIdOf } from '#server/test/checkout-test-helpers.ts'
import { printedAcknowledgingAll } from '#server/test/print-readiness-helpers.ts'
import { ADMIN, createTestApp, type TestApp } from '#server/test/test-app.ts'
import { addMonths, todayInTimeZone } from '#shared/dates.ts'
import { DEFAULT_MAILING_DEFAULTS, mailingMonthLabel, toMonthKey } from '#shared/mailings.ts'
import { closeMailingsPastDeadline } from '../orders/selling-months.service.ts'
import { type CheckoutContext, checkoutContext } from './checkout-context.ts'
import { confirmCheckoutPayment, holdUntilPaymentSettles } from './payment-confirmation.service.ts'

/**
 * Checkouts in flight when a mailing closes its sales, is printed or is mailed. Closing or marking it
 * printed ends its checkouts in progress and says how many; a payment that still arrives for a mailing
 * past "closed" (its checkout ended, or printed or mailed however live the hold) is refunded through the
 * durable refund job, exactly once, and both the buyer and the owner are told.
 */
let t: TestApp
let admin: string
beforeAll(async () => {
  t = await createTestApp()
  await t.createAdmin()
  admin = await t.signIn(ADMIN)
  // Each test buys a mailing's first day, the next test sets up the next month: offers to returning
  // advertisers (decision 023) would hold that day for the previous buyer. Not what these tests are about.
  const off = await adminCall('PUT', '/api/admin/mailing-settings', {
    ...DEFAULT_MAILING_DEFAULTS,
    priorityWindowDays: 0,
  })
  expect(off.status).toBe(200)
})
afterAll(() => t.close())
beforeEach(async () => {
  await t.db.delete(outbox)
  await t.db.delete(refundRecords)
})

/** A payment provider that counts its refunds (the payment references and idempotency keys). */
function countingProvider() {
  const refunds: string[] = []
  const provider: PaymentProvider = {
    ...t.deps.payments,
    refund: async (ref, key) => {
      refunds.push(`${ref} ${key}`)
      return { id: null, status: 'succeeded' }
    },
  }
  return { provider, refunds }
}

const ctx = (payments: PaymentProvider): CheckoutContext => ({
  ...checkoutContext(t.deps, createLogger('silent')),
  payments,
})

async function adminCall(method: string, path: string, json?: unknown) {
  const response = await t.request(path, { method, cookie: admin, json })
  return { status: response.status, body: await response.json() }
}

/** A month `ahead` months from the town's current one, in the owner's overview, with days on sale. */
async function mailingWithDays(ahead: number, dayCount: number) {
  const today = todayInTimeZone(t.deps.config.timeZone)
  const m = addMonths(Number(today.slice(0, 4)), Number(today.slice(5, 7)), ahead)
  const month = toMonthKey(m.year, m.month)
  const start = `${month}-01`
  const end = `${month}-${String(dayCount).padStart(2, '0')}`
  const init = await adminCall('POST', '/api/admin/calendar-days/initialize', {
    startDate: start,
    endDate: end,
    price: 120,
  })
  expect(init.status, JSON.stringify(init.body)).toBe(200)
  const [mailing] = await t.db.select().from(mailings).where(eq(mailings.month, month))
  expect(mailing?.status).toBe('open')
  const days = await t.db
    .select()
    .from(calendarDays)
    .where(and(gte(calendarDays.date, start), lte(calendarDays.date, end)))
    .orderBy(asc(calendarDays.date))
  return { month, label: mailingMonthLabel(month), dayIds: days.map((d) => d.id) }
}

async function buyDay(dayId: string, n: number) {
  const started = await callFunction(
    t,
    'create-cart-checkout-session',
    {
      businessName: `Shop ${n}`,
      email: `shop${n}@example.com`,
      calendarDayIds: [dayId],
      mapIconId: null,
      discount: 0,
    },
    { ip: `198.51.100.${n}` },
  )
  expect(started.status, JSON.stringify(started.body)).toBe(200)
  return sessionIdOf(started.body.sessionUrl)
}

async function liveCheckoutsOf(month: string) {
  const overview = await adminCall('GET', '/api/admin/mailings')
  return overview.body.rows.find((r: { month: string }) => r.month === month)?.liveCheckouts
}

/** The buyer's and the owner's e-mails about one refunded payment. */
async function refundMails(sessionId: string) {
  const mails = (await outboxRows(t)).filter((m) => m.purchaseId === sessionId)
  return {
    kinds: mails.map((m) => m.kind),
    buyer: mails.find((m) => m.kind === 'late_payment_refunded'),
    owner: mails.find((m) => m.kind === 'admin_late_payment_refunded'),
  }
}

describe('checkouts in flight when a mailing closes, is printed or is mailed', () => {
  it('closing ends the checkouts in progress and says how many; their payments are refunded once, buyer and owner told', async () => {
    const { month, label, dayIds } = await mailingWithDays(6, 3)
    const sessions = [await buyDay(dayIds[0] as string, 11), await buyDay(dayIds[1] as string, 12)]
    const [icon] = await t.db
      .insert(mapIcons)
      .values({ name: 'Close Icon', size: 'small', priceCents: 5000, totalQuantity: 3 })
      .returning()
    const iconCheckout = await callFunction(
      t,
      'create-map-icon-checkout',
      { iconId: icon?.id, month, businessName: 'Shop 13', email: 'shop13@example.com' },
      { ip: '198.51.100.13' },
    )
    expect(iconCheckout.status).toBe(200)
    sessions.push(sessionIdOf(iconCheckout.body.sessionUrl))

    // The owner is told before closing how many checkouts it ends, and after.
    expect(await liveCheckoutsOf(month)).toBe(3)
    const closed = await adminCall('POST', `/api/admin/mailings/${month}/status`, { action: 'close' })
    expect(closed.status).toBe(200)
    expect(closed.body).toMatchObject({ status: 'closed', endedCheckouts: 3, liveCheckouts: 0 })
    for (const sessionId of sessions)
      expect((await ordersOfSession(t, sessionId)).map((o) => o.status)).toEqual(['expired'])
    // The local test checkout no longer takes the payment.
    expect((await t.request(`/pay/${sessions[0]}/complete`, { method: 'POST' })).status).toBe(410)

    // Stripe still takes it (the buyers were on its page): each payment is refunded, once.
    const { provider, refunds } = countingProvider()
    for (const [i, sessionId] of sessions.entries()) {
      expect(await confirmCheckoutPayment(ctx(provider), sessionId, `pi_close_${i}`)).toEqual({
        outcome: 'refunded',
        paymentRef: `pi_close_${i}`,
      })
      // The same event again (providers repeat them): nothing more.
      expect((await confirmCheckoutPayment(ctx(provider), sessionId, `pi_close_${i}`)).outcome).toBe(
        'already_applied',
      )
    }
    expect(refunds.sort()).toEqual(sessions.map((s, i) => `pi_close_${i} late-payment:${s}`).sort())
    for (const [i, sessionId] of sessions.entries()) {
      expect((await ordersOfSession(t, sessionId)).map((o) => o.status)).toEqual(['refunded'])
      const mails = await refundMails(sessionId)
      expect(mails.kinds.sort()).toEqual(['admin_late_payment_refunded', 'late_payment_refunded'])
      expect(mails.buyer?.toAddress).toBe(`shop${11 + i}@example.com`)
      expect(mails.buyer?.textBody).toContain(
        `We received your payment, but we could not complete your order: the ${label} mailing had closed its sales.`,
      )
      expect(mails.owner?.toAddress).toBe(t.deps.config.mail.adminNotifyEmail)
      expect(mails.owner?.textBody).toContain(
        `could not be honoured: the ${label} mailing had closed its sales.`,
      )
    }
    expect(await t.db.select().from(refundRecords)).toHaveLength(3)
  })

  it('a payment into a printed mailing is refunded exactly once, however live its hold; buyer and owner told', async () => {
    const { month, label, dayIds } = await mailingWithDays(7, 2)
    // One buyer finished on the provider's page and the payment is still settling (no expiry: never ended);
    // the other is still on the payment page.
    const settling = await buyDay(dayIds[0] as string, 21)
    await t.db.transaction((tx) => holdUntilPaymentSettles(tx, settling, new Date()))
    const paying = await buyDay(dayIds[1] as string, 22)

    expect(await liveCheckoutsOf(month)).toBe(1)
    const closed = await adminCall('POST', `/api/admin/mailings/${month}/status`, { action: 'close' })
    expect(closed.body.endedCheckouts).toBe(1)
    expect(await liveCheckoutsOf(month)).toBe(0)
    const printed = await adminCall(
      'POST',
      `/api/admin/mailings/${month}/status`,
      await printedAcknowledgingAll(t, month),
    )
    expect(printed.status).toBe(200)
    expect(printed.body).toMatchObject({ status: 'printed', endedCheckouts: 0 })

    // The settling payment succeeds now, and its event comes twice; the local checkout's Pay is pressed twice.
    const { provider, refunds } = countingProvider()
    expect(await confirmCheckoutPayment(ctx(provider), settling, 'pi_printed')).toEqual({
      outcome: 'refunded',
      paymentRef: 'pi_printed',
    })
    expect((await confirmCheckoutPayment(ctx(provider), settling, 'pi_printed')).outcome).toBe(
      'already_applied',
    )
    expect(refunds).toEqual([`pi_printed late-payment:${settling}`])
    expect((await ordersOfSession(t, settling)).map((o) => o.status)).toEqual(['refunded'])
    expect(
      await t.db
        .select()
        .from(refundRecords)
        .where(eq(refundRecords.idempotencyKey, `late-payment:${settling}`)),
    ).toMatchObject([
      { status: 'succeeded', attempts: 1, reason: `the ${label} mailing had already been printed` },
    ])
    const mails = await refundMails(settling)
    expect(mails.kinds.sort()).toEqual(['admin_late_payment_refunded', 'late_payment_refunded'])
    expect(mails.buyer).toMatchObject({ toAddress: 'shop21@example.com' })
    expect(mails.buyer?.textBody).toContain(
      `we could not complete your order: the ${label} mailing had already been printed.`,
    )
    expect(mails.buyer?.textBody).toContain('Your payment of $120 is being refunded in full')
    expect(mails.owner?.textBody).toContain(
      `could not be honoured: the ${label} mailing had already been printed.`,
    )

    // The other buyer's checkout was ended when sales closed: its late payment is refunded too.
    expect((await confirmCheckoutPayment(ctx(provider), paying, 'pi_paying')).outcome).toBe('refunded')
    expect(refunds).toHaveLength(2)
    expect((await refundMails(paying)).kinds.sort()).toEqual([
      'admin_late_payment_refunded',
      'late_payment_refunded',
    ])
    // No paid order in the printed mailing.
    const paid = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.mailingMonth, month), eq(orders.status, 'paid')))
    expect(paid).toEqual([])
  })

  it('sales closed by their deadline keep honouring live holds (artwork still due); marking printed ends them and says so', async () => {
    const { month, label, dayIds } = await mailingWithDays(8, 2)
    const early = await buyDay(dayIds[0] as string, 31)
    const late = await buyDay(dayIds[1] as string, 32)
    await t.db
      .update(mailings)
      .set({ salesCloseAt: new Date(Date.now() - 1000) })
      .where(eq(mailings.month, month))
    expect(await closeMailingsPastDeadline(t.db)).toContain(month)

    // A hold that started before the sales close and is paid within its time is honoured.
    const { provider, refunds } = countingProvider()
    expect(await confirmCheckoutPayment(ctx(provider), early, 'pi_early')).toEqual({ outcome: 'paid' })
    expect(await liveCheckoutsOf(month)).toBe(1)

    const printed = await adminCall(
      'POST',
      `/api/admin/mailings/${month}/status`,
      await printedAcknowledgingAll(t, month),
    )
    expect(printed.body).toMatchObject({ status: 'printed', endedCheckouts: 1, liveCheckouts: 0 })
    expect((await ordersOfSession(t, early)).map((o) => o.status)).toEqual(['paid'])
    expect((await ordersOfSession(t, late)).map((o) => o.status)).toEqual(['expired'])
    expect(await confirmCheckoutPayment(ctx(provider), late, 'pi_late')).toEqual({
      outcome: 'refunded',
      paymentRef: 'pi_late',
    })
    expect(refunds).toEqual([`pi_late late-payment:${late}`])
    expect((await refundMails(late)).owner?.textBody).toContain(
      `the ${label} mailing had already been printed.`,
    )

    const mailed = await adminCall('POST', `/api/admin/mailings/${month}/status`, { action: 'mailed' })
    expect(mailed.body).toMatchObject({ status: 'mailed', endedCheckouts: 0 })
  })

  it('a payment and marking printed at once: the payment is either paid before, or refunded after, never both', async () => {
    const { month, dayIds } = await mailingWithDays(9, 1)
    const sessionId = await buyDay(dayIds[0] as string, 41)
    await t.db.update(mailings).set({ status: 'closed' }).where(eq(mailings.month, month))
    const { provider, refunds } = countingProvider()
    const acknowledged = await printedAcknowledgingAll(t, month)
    const [payment, printed] = await Promise.all([
      confirmCheckoutPayment(ctx(provider), sessionId, 'pi_race'),
      adminCall('POST', `/api/admin/mailings/${month}/status`, acknowledged),
    ])
    expect(printed.body.status).toBe('printed')
    const [order] = await ordersOfSession(t, sessionId)
    if (payment.outcome === 'paid') {
      expect(printed.body.endedCheckouts).toBe(0)
      expect(order?.status).toBe('paid')
      expect(refunds).toEqual([])
    } else {
      expect(payment.outcome).toBe('refunded')
      expect(order?.status).toBe('refunded')
      expect(refunds).toEqual([`pi_race late-payment:${sessionId}`])
    }
  })
})

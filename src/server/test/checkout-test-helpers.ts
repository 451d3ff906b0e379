import { and, asc, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { calendarDays, mailingIconStock, mailings, mapIcons, orders, outbox } from '#server/db/schema.ts'
import { iconAvailableSql } from '#server/features/orders/order-status.service.ts'
import type { TestApp } from '#server/test/test-app.ts'

/** Shared by the checkout integration tests: read state straight from the database. */
export async function seededDays(t: TestApp, count: number) {
  const days = await t.db
    .select()
    .from(calendarDays)
    .where(eq(calendarDays.status, 'available'))
    .orderBy(asc(calendarDays.date))
    .limit(count)
  if (days.length < count) throw new Error('not enough seeded days')
  return days
}

/**
 * A day on `date` ($120 unless told) in a mailing the administrator has reopened for sale until
 * `salesCloseAt`. Under the default dates a month's sales close two weeks before it starts, so
 * today's mailing is closed: a test about today's date reopens it, as an administrator may. remove() deletes
 * the day and its orders and puts the mailing back as it was (call the removes in reverse order when two
 * days share a month).
 */
export async function insertDayInReopenedMailing(
  t: { db: Db },
  date: string,
  salesCloseAt: Date,
  priceCents = 12000,
) {
  const [day] = await t.db
    .insert(calendarDays)
    .values({ date, status: 'available', priceCents })
    .returning({ id: calendarDays.id })
  if (!day) throw new Error(`no day ${date}`)
  const month = date.slice(0, 7)
  // The day's insert created its mailing if it had none (migration 0005).
  const [was] = await t.db.select().from(mailings).where(eq(mailings.month, month))
  if (!was) throw new Error(`no mailing ${month}`)
  await t.db.update(mailings).set({ status: 'open', salesCloseAt }).where(eq(mailings.month, month))
  return {
    id: day.id,
    remove: async () => {
      await t.db.delete(orders).where(eq(orders.dayId, day.id))
      await t.db.delete(calendarDays).where(eq(calendarDays.id, day.id))
      await t.db
        .update(mailings)
        .set({ status: was.status, salesCloseAt: was.salesCloseAt })
        .where(eq(mailings.month, month))
    },
  }
}

export async function seededIcon(t: TestApp, name = 'Map Icon') {
  const [icon] = await t.db.select().from(mapIcons).where(eq(mapIcons.name, name))
  if (!icon) throw new Error(`no icon ${name}`)
  return icon
}

export async function dayById(t: TestApp, id: string) {
  const [day] = await t.db.select().from(calendarDays).where(eq(calendarDays.id, id))
  return day
}

/** The earliest mailing open for sale at `now`: where a checkout sells an icon unless told otherwise. */
export async function firstOpenMonth(t: { db: Db }, now: Date = new Date()): Promise<string> {
  const [row] = await t.db
    .select({ month: mailings.month })
    .from(mailings)
    .where(and(eq(mailings.status, 'open'), gt(mailings.salesCloseAt, now)))
    .orderBy(asc(mailings.month))
    .limit(1)
  if (!row) throw new Error('no mailing is open for sale')
  return row.month
}

/**
 * An icon with its stock in one mailing (stock is per mailing): `totalQuantity` is that mailing's stock row
 * (mailing_icon_stock), not the icon's default quantity, and `availableQuantity` what the public reads
 * derive from it as of `now` (stock − paid − live holds, iconAvailableSql). `month` defaults to the
 * earliest mailing open for sale, the one checkout sells in by default.
 */
export async function iconById(t: { db: Db }, id: string, month?: string, now: Date = new Date()) {
  const [icon] = await t.db.select().from(mapIcons).where(eq(mapIcons.id, id))
  if (!icon) return undefined
  const inMonth = month ?? (await firstOpenMonth(t))
  const [stock] = await t.db
    .select({
      quantity: mailingIconStock.quantity,
      available: iconAvailableSql(now),
    })
    .from(mailingIconStock)
    .where(and(eq(mailingIconStock.iconId, id), eq(mailingIconStock.month, inMonth)))
  if (!stock) throw new Error(`no stock of icon ${icon.name} in the ${inMonth} mailing`)
  return {
    ...icon,
    month: inMonth,
    availableQuantity: Number(stock.available),
    totalQuantity: stock.quantity,
  }
}

/** Sets an icon's stock quantity in one mailing (default: the earliest open for sale). */
export async function setIconStock(
  t: { db: Db },
  iconId: string,
  values: { quantity: number },
  month?: string,
) {
  const inMonth = month ?? (await firstOpenMonth(t))
  const updated = await t.db
    .update(mailingIconStock)
    .set(values)
    .where(and(eq(mailingIconStock.iconId, iconId), eq(mailingIconStock.month, inMonth)))
    .returning({ month: mailingIconStock.month })
  if (updated.length !== 1) throw new Error(`no stock of icon ${iconId} in the ${inMonth} mailing`)
}

/** Every icon's stock in every mailing back to its default quantity, all free (for a test with no orders). */
export async function resetIconStock(t: { db: Db }) {
  await t.db.execute(sql`
    update mailing_icon_stock s set quantity = i.total_quantity
    from map_icons i where i.id = s.icon_id`)
}

export async function ordersOfSession(t: TestApp, sessionId: string) {
  return t.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId)).orderBy(asc(orders.id))
}

export async function allOrders(t: TestApp) {
  return t.db.select().from(orders).orderBy(asc(orders.id))
}

export async function outboxRows(t: TestApp) {
  return t.db.select().from(outbox).orderBy(asc(outbox.kind))
}

/** A snapshot of everything a rejected request must leave unchanged. */
export async function snapshot(t: TestApp) {
  const [days, icons, stock, allOrderRows] = await Promise.all([
    t.db.select().from(calendarDays).orderBy(asc(calendarDays.id)),
    t.db.select().from(mapIcons).orderBy(asc(mapIcons.id)),
    t.db.select().from(mailingIconStock).orderBy(asc(mailingIconStock.month), asc(mailingIconStock.iconId)),
    t.db.select().from(orders).orderBy(asc(orders.id)),
  ])
  return { days, icons, stock, orders: allOrderRows }
}

export function sessionIdOf(sessionUrl: string): string {
  const id = sessionUrl.split('/').pop()
  if (!id) throw new Error(`no session id in ${sessionUrl}`)
  return id
}

/** A checkout function called from `ip` (default: the test app's one client address). */
export async function callFunction(t: TestApp, name: string, body: unknown, from: { ip?: string } = {}) {
  const response = await t.request(`/api/functions/${name}`, { method: 'POST', json: body, ...from })
  return { status: response.status, body: await response.json() }
}

/** A browser: one client address, and the checkout cookie the server gave it, sent with each later call. */
export function testBrowser(t: TestApp, ip = '203.0.113.10') {
  let cookie = ''
  return {
    ip,
    cookie: () => cookie,
    async call(name: string, body: unknown) {
      const response = await t.request(`/api/functions/${name}`, {
        method: 'POST',
        json: body,
        ip,
        ...(cookie ? { cookie } : {}),
      })
      const given = response.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ')
      if (given) cookie = given
      return { status: response.status, body: await response.json() }
    },
  }
}

/**
 * For tests about something else that start more checkouts from the test app's one client address (or for
 * one e-mail) than the hold limits allow: 0 turns both limits off.
 */
export const NO_HOLD_LIMITS = { CHECKOUT_MAX_OPEN_PER_CLIENT: '0', CHECKOUT_MAX_HELD_DAYS_PER_CLIENT: '0' }

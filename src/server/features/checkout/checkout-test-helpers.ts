import { asc, eq } from 'drizzle-orm'
import { calendarDays, mapIcons, orders, outbox } from '../../db/schema.ts'
import type { TestApp } from '../../test/test-app.ts'

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

export async function seededIcon(t: TestApp, name = 'Map Icon') {
  const [icon] = await t.db.select().from(mapIcons).where(eq(mapIcons.name, name))
  if (!icon) throw new Error(`no icon ${name}`)
  return icon
}

export async function dayById(t: TestApp, id: string) {
  const [day] = await t.db.select().from(calendarDays).where(eq(calendarDays.id, id))
  return day
}

export async function iconById(t: TestApp, id: string) {
  const [icon] = await t.db.select().from(mapIcons).where(eq(mapIcons.id, id))
  return icon
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
  const [days, icons, allOrderRows] = await Promise.all([
    t.db.select().from(calendarDays).orderBy(asc(calendarDays.id)),
    t.db.select().from(mapIcons).orderBy(asc(mapIcons.id)),
    t.db.select().from(orders).orderBy(asc(orders.id)),
  ])
  return { days, icons, orders: allOrderRows }
}

export function sessionIdOf(sessionUrl: string): string {
  const id = sessionUrl.split('/').pop()
  if (!id) throw new Error(`no session id in ${sessionUrl}`)
  return id
}

export async function callFunction(t: TestApp, name: string, body: unknown) {
  const response = await t.request(`/api/functions/${name}`, { method: 'POST', json: body })
  return { status: response.status, body: await response.json() }
}

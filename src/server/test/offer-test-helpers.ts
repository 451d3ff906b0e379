import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { calendarDays, mailingIconStock, mailings, mapIcons, orders } from '#server/db/schema.ts'

/**
 * The previous mailing of an offers test: paid lines bought as a checkout or a manual order leaves them
 * (the triggers make their purchase and advertiser). The previous mailing is marked as having made its own
 * offers already, so only the mailing under test makes any.
 */
export async function paidDayIn(
  t: { db: Db },
  date: string,
  buyer: { businessName: string; email: string },
  paidAt = new Date(),
) {
  const [existing] = await t.db.select().from(calendarDays).where(eq(calendarDays.date, date))
  const day =
    existing ??
    (
      await t.db
        .insert(calendarDays)
        .values({ date, status: 'reserved', businessName: buyer.businessName, priceCents: 12000 })
        .returning()
    )[0]
  if (!day) throw new Error(`no day ${date}`)
  await t.db
    .update(calendarDays)
    .set({ status: 'reserved', businessName: buyer.businessName })
    .where(eq(calendarDays.id, day.id))
  const id = `ORD-p${randomUUID().slice(0, 10)}`
  await t.db.insert(orders).values({
    id,
    ...buyer,
    amountCents: 12000,
    status: 'paid',
    paidAt,
    dayId: day.id,
    source: 'manual',
  })
  await markOffersMade(t, date.slice(0, 7))
  return id
}

export async function paidIconIn(
  t: { db: Db },
  iconId: string,
  month: string,
  buyer: { businessName: string; email: string },
  paidAt = new Date(),
) {
  const id = `MAP-p${randomUUID().slice(0, 10)}`
  // The mailing exists once a day of its month does (ensure_mailing, migration 0005).
  await t.db.execute(sql`select ensure_mailing(${month})`)
  await t.db.insert(orders).values({
    id,
    ...buyer,
    amountCents: 15000,
    status: 'paid',
    paidAt,
    mapIconId: iconId,
    mailingMonth: month,
    source: 'manual',
  })
  await markOffersMade(t, month)
  return id
}

async function markOffersMade(t: { db: Db }, month: string) {
  await t.db.update(mailings).set({ offersMadeAt: new Date() }).where(eq(mailings.month, month))
}

export async function iconNamed(t: { db: Db }, name: string) {
  const [icon] = await t.db.select().from(mapIcons).where(eq(mapIcons.name, name))
  if (!icon) throw new Error(`no icon ${name}`)
  return icon
}

/** Days of `month` from `first` to `last` (days of the month), available at $120: no offers are made. */
export async function insertDays(t: { db: Db }, month: string, first: number, last: number) {
  const dates = Array.from(
    { length: last - first + 1 },
    (_, i) => `${month}-${String(first + i).padStart(2, '0')}`,
  )
  return t.db
    .insert(calendarDays)
    .values(dates.map((date) => ({ date, status: 'available', priceCents: 12000 })))
    .returning()
}

export async function setStock(t: { db: Db }, iconId: string, month: string, quantity: number) {
  await t.db
    .update(mailingIconStock)
    .set({ quantity })
    .where(and(eq(mailingIconStock.iconId, iconId), eq(mailingIconStock.month, month)))
}

import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { rowsOf } from '#server/db/rows.ts'
import { mapIcons } from '#server/db/schema.ts'
import { iconAvailableSql } from '#server/features/orders/order-status.service.ts'

/**
 * The "never sold twice, never oversold" probe shared by the PostgreSQL concurrency test and
 * `npm run bench`: many simultaneous cart checkouts that overlap on the same few days and one icon.
 */
export type ProbeRequest = { calendarDayIds: string[]; mapIconId: string | null }

/** Carts of 1-3 days drawn from `dayIds` (seeded random, so a run can be repeated), half with the icon. */
export function overlappingCarts(
  count: number,
  dayIds: string[],
  iconId: string,
  seed: number,
): ProbeRequest[] {
  let state = seed >>> 0 || 1
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) >>> 0
    return state / 2 ** 32
  }
  return Array.from({ length: count }, (_, i) => {
    // Every other round is single-day carts only: then the winners must be exactly the distinct days.
    const size = seed % 2 === 0 ? 1 : 1 + Math.floor(random() * 3)
    const start = Math.floor(random() * dayIds.length)
    const days = Array.from({ length: size }, (_, k) => dayIds[(start + k) % dayIds.length] as string)
    const withIcon = seed % 2 === 1 && i % 2 === 0
    return { calendarDayIds: [...new Set(days)], mapIconId: withIcon ? iconId : null }
  })
}

/** The probe's icon: `total` units, all available, so the probe decides who gets them. Answers its id. */
export async function insertProbeIcon(db: Db, total: number): Promise<string> {
  const [icon] = await db
    .insert(mapIcons)
    .values({
      name: 'Probe Icon',
      size: 'small',
      priceCents: 1000,
      totalQuantity: total,
    })
    .returning({ id: mapIcons.id })
  if (!icon) throw new Error('the probe icon was not inserted')
  return icon.id
}

export function cartBody(request: ProbeRequest, n: number) {
  const days = request.calendarDayIds.length
  return {
    ...request,
    businessName: `Probe ${n}`,
    email: `probe${n}@example.com`,
    discount: days >= 4 ? 20 : days >= 2 ? 10 : 0,
  }
}

type ProbeViolations = {
  /** Days with more than one pending or paid order. */
  daysWithTwoOwners: number
  /** Days whose status does not match their single live order (or lack of one). */
  dayStatusMismatches: number
  /** (icon, mailing) stocks whose paid + live holds exceed the stock. */
  oversoldIcons: number
  /**
   * (icon, mailing) stocks whose availability as the public reads derive it (iconAvailableSql) differs from
   * stock − paid − live holds there, counted independently here.
   */
  iconAvailabilityDrift: number
}

/** Reads the database after a round and counts every broken invariant (all must be 0). */
export async function countViolations(db: Db): Promise<ProbeViolations> {
  const [owners] = await db
    .execute<{ n: number }>(sql`
    select count(*)::int as n from (
      select day_id from orders where status in ('pending', 'paid') and day_id is not null
      group by day_id having count(*) > 1) x`)
    .then((r) => rowsOf<{ n: number }>(r))
  const [mismatch] = await db
    .execute<{ n: number }>(sql`
    select count(*)::int as n from calendar_days d
    left join orders o on o.day_id = d.id and o.status in ('pending', 'paid')
    where (o.id is null and d.status <> 'available')
       or (o.status = 'pending' and (d.status <> 'reserved_pending' or d.business_name is distinct from o.business_name))
       or (o.status = 'paid' and d.status <> 'reserved')`)
    .then((r) => rowsOf<{ n: number }>(r))
  const [oversold] = await db
    .execute<{ n: number }>(sql`
    select count(*)::int as n from mailing_icon_stock s
    where (select count(*) from orders o where o.map_icon_id = s.icon_id and o.mailing_month = s.month
      and o.status in ('pending', 'paid')) > s.quantity`)
    .then((r) => rowsOf<{ n: number }>(r))
  const now = new Date()
  const at = sql`${now.toISOString()}::timestamptz`
  const [drift] = await db
    .execute<{ n: number }>(sql`
    select count(*)::int as n from mailing_icon_stock where ${iconAvailableSql(now)} <> greatest(mailing_icon_stock.quantity -
      (select count(*) from orders o2 where o2.map_icon_id = mailing_icon_stock.icon_id
        and o2.mailing_month = mailing_icon_stock.month and (o2.status = 'paid'
        or (o2.status = 'pending' and (o2.expires_at is null or o2.expires_at > ${at})))), 0)`)
    .then((r) => rowsOf<{ n: number }>(r))
  return {
    daysWithTwoOwners: owners?.n ?? 0,
    dayStatusMismatches: mismatch?.n ?? 0,
    oversoldIcons: oversold?.n ?? 0,
    iconAvailabilityDrift: drift?.n ?? 0,
  }
}

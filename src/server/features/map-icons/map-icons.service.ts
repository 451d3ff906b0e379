import { and, asc, eq, inArray, isNull, lt, or } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { mailingIconStock, mailings, mapIcons } from '#server/db/schema.ts'
import { AppError } from '#server/lib/errors.ts'
import { type PrintSpecs, printSizeFor } from '#shared/artwork.ts'
import type { MapIconDto } from '#shared/dto.ts'
import type { MapIconMailingStock } from '#shared/mailings.ts'
import { iconAvailableSql } from '../orders/order-status.service.ts'
import { getPrintSpecs } from '../orders/print-specs.service.ts'

export const MAP_ICON_NOT_FOUND = 'Map icon not found.'

type IconRow = typeof mapIcons.$inferSelect

/**
 * An icon with its stock in every mailing open for sale (stored status, as every public read: the deadline
 * task closes a mailing at its sales close), earliest first; the top-level figures are the next mailing's.
 */
function toMapIconDto(row: IconRow, stock: MapIconMailingStock[], specs: PrintSpecs): MapIconDto {
  const next = stock[0]
  return {
    id: row.id,
    name: row.name,
    size: row.size,
    price: row.priceCents / 100,
    month: next?.month ?? null,
    availableQuantity: next?.availableQuantity ?? 0,
    totalQuantity: next?.totalQuantity ?? 0,
    stock,
    printSize: printSizeFor(specs, { kind: 'icon', iconSize: row.size }),
  }
}

/**
 * Stock in the mailings open for sale that sell the icon (a retired type's only before its retirement),
 * with what is available derived as of `now` from the claims (iconAvailableSql: one count per stock row,
 * served by orders_map_icon_mailing_idx). A hold that lapsed by `now` is no claim, swept or not.
 */
async function openStock(db: Db, iconIds: string[], now: Date): Promise<Map<string, MapIconMailingStock[]>> {
  const byIcon = new Map<string, MapIconMailingStock[]>()
  if (iconIds.length === 0) return byIcon
  const rows = await db
    .select({
      iconId: mailingIconStock.iconId,
      month: mailingIconStock.month,
      quantity: mailingIconStock.quantity,
      available: iconAvailableSql(now),
    })
    .from(mailingIconStock)
    .innerJoin(mailings, and(eq(mailings.month, mailingIconStock.month), eq(mailings.status, 'open')))
    .innerJoin(mapIcons, eq(mapIcons.id, mailingIconStock.iconId))
    .where(
      and(
        inArray(mailingIconStock.iconId, iconIds),
        or(isNull(mapIcons.retiredFrom), lt(mailingIconStock.month, mapIcons.retiredFrom)),
      ),
    )
    .orderBy(asc(mailingIconStock.month))
  for (const r of rows) {
    const list = byIcon.get(r.iconId) ?? []
    list.push({ month: r.month, availableQuantity: Number(r.available), totalQuantity: r.quantity })
    byIcon.set(r.iconId, list)
  }
  return byIcon
}

/**
 * All icons ordered by price ascending (name breaks ties so the order is stable); a retired type only
 * while a mailing open for sale still sells it. Availability is as of `now`.
 */
export async function listMapIcons(db: Db, now: Date = new Date()): Promise<MapIconDto[]> {
  const rows = await db.select().from(mapIcons).orderBy(asc(mapIcons.priceCents), asc(mapIcons.name))
  const [stock, specs] = await Promise.all([
    openStock(
      db,
      rows.map((r) => r.id),
      now,
    ),
    getPrintSpecs(db),
  ])
  return rows
    .filter((row) => !row.retiredFrom || (stock.get(row.id) ?? []).length > 0)
    .map((row) => toMapIconDto(row, stock.get(row.id) ?? [], specs))
}

export async function getMapIcon(db: Db, id: string, now: Date = new Date()): Promise<MapIconDto> {
  const [row] = await db.select().from(mapIcons).where(eq(mapIcons.id, id))
  if (!row) throw new AppError('not_found', MAP_ICON_NOT_FOUND)
  const [stock, specs] = await Promise.all([openStock(db, [row.id], now), getPrintSpecs(db)])
  return toMapIconDto(row, stock.get(row.id) ?? [], specs)
}

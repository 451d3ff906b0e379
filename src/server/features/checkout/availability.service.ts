import { asc } from 'drizzle-orm'
import type { MapIconDto } from '../../../shared/dto.ts'
import type { Db } from '../../db/client.ts'
import { mapIcons } from '../../db/schema.ts'
import { recomputeIconAvailability } from '../orders/order-status.service.ts'

/**
 * refresh-map-icon-availability (spec section 7, called before icons load): each icon's
 * available_quantity becomes total − paid orders − live holds, and the icons are answered by price.
 * Derived data only, so an anonymous caller cannot change anything that matters.
 */
export async function refreshMapIconAvailability(db: Db, now: Date = new Date()): Promise<MapIconDto[]> {
  await recomputeIconAvailability(db, 'all', now)
  const rows = await db.select().from(mapIcons).orderBy(asc(mapIcons.priceCents), asc(mapIcons.name))
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    size: row.size,
    price: row.priceCents / 100,
    availableQuantity: row.availableQuantity,
    totalQuantity: row.totalQuantity,
  }))
}

import { eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { mailings } from '#server/db/schema.ts'
import type { MapIconDto } from '#shared/dto.ts'
import { recomputeIconAvailability } from '../orders/order-status.service.ts'
import { listMapIcons } from './map-icons.service.ts'

/**
 * refresh-map-icon-availability (called before icons load): the stock of every icon in each
 * open mailing (the only stock the answer shows) gets available_quantity = quantity − paid orders − live
 * holds there, and the icons are answered by price with that stock. Derived data only, so an anonymous
 * caller cannot change anything that matters, and it never rewrites the stock of years of past mailings.
 */
export async function refreshMapIconAvailability(db: Db, now: Date = new Date()): Promise<MapIconDto[]> {
  const open = await db.select({ month: mailings.month }).from(mailings).where(eq(mailings.status, 'open'))
  if (open.length > 0)
    await recomputeIconAvailability(
      db,
      'all',
      now,
      open.map((m) => m.month),
    )
  return listMapIcons(db)
}

import type { MapIconDto } from '../../../shared/dto.ts'
import type { Db } from '../../db/client.ts'
import { listMapIcons } from '../map-icons/map-icons.service.ts'
import { recomputeIconAvailability } from '../orders/order-status.service.ts'

/**
 * refresh-map-icon-availability (spec section 7, called before icons load): each (icon, mailing) stock's
 * available_quantity becomes quantity − paid orders − live holds there, and the icons are answered by price
 * with their stock in every open mailing. Derived data only, so an anonymous caller cannot change anything
 * that matters.
 */
export async function refreshMapIconAvailability(db: Db, now: Date = new Date()): Promise<MapIconDto[]> {
  await recomputeIconAvailability(db, 'all', now)
  return listMapIcons(db)
}

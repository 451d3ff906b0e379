import { asc, eq } from 'drizzle-orm'
import type { MapIconDto } from '../../../shared/dto.ts'
import type { Db } from '../../db/client.ts'
import { mapIcons } from '../../db/schema.ts'
import { AppError } from '../../lib/errors.ts'
import { preparedOnce } from '../../lib/prepared-queries.ts'

export const MAP_ICON_NOT_FOUND = 'Map icon not found.'

const iconColumns = {
  id: mapIcons.id,
  name: mapIcons.name,
  size: mapIcons.size,
  priceCents: mapIcons.priceCents,
  availableQuantity: mapIcons.availableQuantity,
  totalQuantity: mapIcons.totalQuantity,
}
type IconRow = { [K in keyof typeof iconColumns]: (typeof mapIcons.$inferSelect)[K] }

function toMapIconDto(row: IconRow): MapIconDto {
  return {
    id: row.id,
    name: row.name,
    size: row.size,
    price: row.priceCents / 100,
    availableQuantity: row.availableQuantity,
    totalQuantity: row.totalQuantity,
  }
}

/** Spec section 7: all icons ordered by price ascending (name breaks ties so the order is stable). */
export async function listMapIcons(db: Db): Promise<MapIconDto[]> {
  const rows = await preparedOnce(db, 'townflyer_map_icons', (d, name) =>
    d.select(iconColumns).from(mapIcons).orderBy(asc(mapIcons.priceCents), asc(mapIcons.name)).prepare(name),
  ).execute()
  return rows.map(toMapIconDto)
}

export async function getMapIcon(db: Db, id: string): Promise<MapIconDto> {
  const [row] = await db.select(iconColumns).from(mapIcons).where(eq(mapIcons.id, id))
  if (!row) throw new AppError('not_found', MAP_ICON_NOT_FOUND)
  return toMapIconDto(row)
}

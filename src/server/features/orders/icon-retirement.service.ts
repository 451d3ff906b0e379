import { eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { mapIcons } from '#server/db/schema.ts'
import { AppError } from '#server/lib/errors.ts'
import { iconRetiredMessage, type MonthKey } from '#shared/mailings.ts'

/**
 * 409 when the icon type is retired from `month` or an earlier mailing (decision 020): every sale of an
 * icon (checkout, cart, manual order) asks before it writes. Mailings before its retirement still sell it.
 */
export async function requireIconSoldIn(tx: Db, iconId: string, month: MonthKey): Promise<void> {
  const [icon] = await tx
    .select({ name: mapIcons.name, retiredFrom: mapIcons.retiredFrom })
    .from(mapIcons)
    .where(eq(mapIcons.id, iconId))
  if (icon?.retiredFrom && month >= icon.retiredFrom)
    throw new AppError('conflict', iconRetiredMessage(icon.name, icon.retiredFrom))
}

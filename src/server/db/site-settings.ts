import { eq } from 'drizzle-orm'
import type { Db } from './client.ts'
import { siteSettings } from './schema.ts'

// site_settings as a store of named values: the settings, print sizes and mailing defaults features each
// keep their own keys in it.

/** A site_settings value checked by its schema, or `fallback` when it is absent or no longer valid. */
export async function readSetting<T>(
  db: Db,
  key: string,
  schema: { safeParse: (value: unknown) => { success: true; data: T } | { success: false } },
  fallback: T,
): Promise<T> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, key))
  const parsed = schema.safeParse(row?.value)
  return parsed.success ? parsed.data : fallback
}

/** Writes (or replaces) one site_settings value. */
export async function writeSetting<T>(db: Db, key: string, value: T): Promise<T> {
  await db
    .insert(siteSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date() } })
  return value
}

/**
 * Changes one site_settings value from what is stored: `change` gets the current value (checked by `schema`,
 * else `fallback`) and answers the new one. The row is locked from the read to the write, so two changes at
 * once run one after the other and neither loses the other's part.
 */
export async function updateSetting<T>(
  db: Db,
  key: string,
  schema: Parameters<typeof readSetting<T>>[2],
  fallback: T,
  change: (current: T) => T,
): Promise<T> {
  return db.transaction(async (tx) => {
    // The row must exist to be locked: a first change creates it with the fallback.
    await tx
      .insert(siteSettings)
      .values({ key, value: fallback })
      .onConflictDoNothing({ target: siteSettings.key })
    const [row] = await tx
      .select({ value: siteSettings.value })
      .from(siteSettings)
      .where(eq(siteSettings.key, key))
      .for('update')
    const parsed = schema.safeParse(row?.value)
    const value = change(parsed.success ? parsed.data : fallback)
    await tx.update(siteSettings).set({ value, updatedAt: new Date() }).where(eq(siteSettings.key, key))
    return value
  })
}

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

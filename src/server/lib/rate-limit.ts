import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rateLimit } from '../db/schema.ts'

/** At most `max` hits per fixed window of `window` seconds. */
export type RateLimitRule = { window: number; max: number }

/**
 * Fixed-window counters kept in the `rate_limit` table (shared with better-auth's limiter), so every
 * instance sharing the database counts alike. Keys carry a prefix per use ('sign-in-failures:',
 * 'inquiries:', …); `last_request` holds the start of the current window.
 */

/** Counts one hit in one atomic upsert and returns the count in the current window (1 after it ran out). */
export async function countHit(db: Db, key: string, rule: RateLimitRule, now = Date.now()): Promise<number> {
  const since = now - rule.window * 1000
  const [row] = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`CASE WHEN ${rateLimit.lastRequest} < ${since} THEN 1 ELSE ${rateLimit.count} + 1 END`,
        lastRequest: sql`CASE WHEN ${rateLimit.lastRequest} < ${since} THEN ${now} ELSE ${rateLimit.lastRequest} END`,
      },
    })
    .returning({ count: rateLimit.count })
  return row?.count ?? 1
}

/** The hits counted in the current window, without counting one. */
export async function currentHits(
  db: Db,
  key: string,
  rule: RateLimitRule,
  now = Date.now(),
): Promise<number> {
  const since = now - rule.window * 1000
  const [row] = await db
    .select({ count: rateLimit.count, start: rateLimit.lastRequest })
    .from(rateLimit)
    .where(eq(rateLimit.key, key))
  return row && row.start >= since ? row.count : 0
}

export async function clearHits(db: Db, key: string): Promise<void> {
  await db.delete(rateLimit).where(eq(rateLimit.key, key))
}

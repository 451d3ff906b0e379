import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'

/**
 * Names who makes the order changes of the current transaction: the order_history triggers (migration
 * 0002) record this instead of 'system'. Transaction-local, so it never leaks to a pooled connection's
 * next user; call it first inside `db.transaction`.
 */
export async function setOrderActor(tx: Db, by: string): Promise<void> {
  await tx.execute(sql`select set_config('townflyer.actor', ${by}, true)`)
}

import { eq } from 'drizzle-orm'
import { orders } from '#server/db/schema.ts'
import type { TestApp } from './test-app.ts'

/**
 * The body of "mark printed" acknowledging every order of the mailing, for tests about something other
 * than artwork: marking printed with lines whose artwork is missing or not approved needs their ids, and
 * a pending order acknowledged now still counts if it is paid before the mailing is printed.
 */
export async function printedAcknowledgingAll(t: TestApp, month: string) {
  const rows = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.mailingMonth, month))
  return { action: 'printed' as const, acknowledgedOrderIds: rows.map((r) => r.id) }
}

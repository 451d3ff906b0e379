import { randomInt } from 'node:crypto'
import type { Db } from '#server/db/client.ts'
import { orders } from '#server/db/schema.ts'

/** ORD- (MAP- for manual icon orders) plus a random number from 10000 to 99999. */
export function drawOrderId(prefix: 'ORD' | 'MAP' = 'ORD'): string {
  return `${prefix}-${randomInt(10_000, 100_000)}`
}

/** Order ids are ours (ORD-/MAP- + digits); anything else cannot name an order. */
const ORDER_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/
export const isOrderId = (value: string) => ORDER_ID_PATTERN.test(value)

export type NewOrder = Omit<typeof orders.$inferInsert, 'id'>

/**
 * Inserts an order under a freshly drawn id, drawing again on a collision. ON CONFLICT (id) keeps the
 * surrounding transaction usable, so callers can do this inside their own transaction.
 */
export async function insertOrderWithFreshId(tx: Db, draw: () => string, values: NewOrder): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const id = draw()
    const inserted = await tx
      .insert(orders)
      .values({ ...values, id })
      .onConflictDoNothing({ target: orders.id })
      .returning({ id: orders.id })
    if (inserted.length > 0) return id
  }
  throw new Error('no free order id after 50 draws: the id space is nearly full')
}

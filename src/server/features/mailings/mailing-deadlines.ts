import type { Db } from '#server/db/client.ts'
import type { Logger } from '#server/lib/logger.ts'
import { startPeriodicTask } from '#server/lib/periodic-task.ts'
import { closeMailingsPastDeadline } from '../orders/selling-months.service.ts'

const DEADLINE_INTERVAL_MS = 30_000

/**
 * Every 30 s in each instance (and once at start): an open mailing whose sales close has passed is written
 * 'closed', so the public reads (cached by catalogue version) stop offering it. Checkout never waits for
 * this: it compares the time itself. The update is conditional, so several instances at once are safe.
 */
export function startMailingDeadlines(db: Db, logger: Logger, intervalMs = DEADLINE_INTERVAL_MS) {
  return startPeriodicTask({ name: 'mailing deadlines', intervalMs, logger, runAtStart: true }, async () => {
    const closed = await closeMailingsPastDeadline(db)
    if (closed.length > 0) logger.info({ months: closed }, 'mailing sales closed at their deadline')
  })
}

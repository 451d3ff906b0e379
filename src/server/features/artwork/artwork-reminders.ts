import type { Logger } from '#server/lib/logger.ts'
import { startPeriodicTask } from '#server/lib/periodic-task.ts'
import { type NoticeContext, sendDueArtworkReminders } from './artwork-notices.ts'

const ARTWORK_REMINDER_INTERVAL_MS = 5 * 60_000

/**
 * Every 5 minutes in each instance (and once at start): the artwork reminders whose time has come (7 days
 * and 1 day before a mailing's artwork deadline) are queued in the outbox. Each has a dedupe key, so several
 * instances, restarts and repeated runs still send each reminder once.
 */
export function startArtworkReminders(
  ctx: NoticeContext,
  logger: Logger,
  intervalMs = ARTWORK_REMINDER_INTERVAL_MS,
) {
  return startPeriodicTask({ name: 'artwork reminders', intervalMs, logger, runAtStart: true }, async () => {
    const queued = await sendDueArtworkReminders(ctx, new Date())
    if (queued > 0) logger.info({ queued }, 'artwork reminders queued')
  })
}

import type { Logger } from '#server/lib/logger.ts'
import { startPeriodicTask } from '#server/lib/periodic-task.ts'
import { type ProofCheckContext, sendDueProofChecks } from './ad-approval.service.ts'
import { sendDueArtworkReminders } from './artwork-notices.ts'

const ARTWORK_REMINDER_INTERVAL_MS = 5 * 60_000

/**
 * Every 5 minutes in each instance (and once at start): the artwork reminders whose time has come (7 days
 * and 1 day before a mailing's artwork deadline) are queued in the outbox, and so is the "check your ad"
 * e-mail of an advertiser who bought after the mailing's proof was built. Each has a dedupe key, so several
 * instances, restarts and repeated runs still send each e-mail once. Each mailing is done on its own: one
 * that fails is logged and the others' e-mails are queued.
 */
export function startArtworkReminders(
  ctx: ProofCheckContext,
  logger: Logger,
  intervalMs = ARTWORK_REMINDER_INTERVAL_MS,
) {
  return startPeriodicTask({ name: 'artwork reminders', intervalMs, logger, runAtStart: true }, async () => {
    const now = new Date()
    const queued = await sendDueArtworkReminders({ ...ctx, logger }, now)
    if (queued > 0) logger.info({ queued }, 'artwork reminders queued')
    const checks = await sendDueProofChecks({ ...ctx, logger }, now)
    if (checks > 0) logger.info({ queued: checks }, 'proof check e-mails queued')
  })
}

import type { Logger } from '#server/lib/logger.ts'
import { startPeriodicTask } from '#server/lib/periodic-task.ts'
import { type OwnerDigestContext, sendOwnerDigest } from './owner-digest.service.ts'

const OWNER_DIGEST_INTERVAL_MS = 5 * 60_000

/**
 * Every 5 minutes in each instance (and once at start): from 7:00 on the town's clock, the day's digest is
 * queued for the owner unless it already was or there is nothing to say. The day's dedupe key makes it one
 * e-mail a day however many instances run this.
 */
export function startOwnerDigest(
  ctx: OwnerDigestContext,
  logger: Logger,
  intervalMs = OWNER_DIGEST_INTERVAL_MS,
) {
  return startPeriodicTask({ name: 'owner digest', intervalMs, logger, runAtStart: true }, async () => {
    if ((await sendOwnerDigest(ctx, new Date())) === 'queued') logger.info('owner digest queued')
  })
}

import type { AppDeps } from '#server/http/app-env.ts'
import type { Logger } from '#server/lib/logger.ts'
import { startPeriodicTask } from '#server/lib/periodic-task.ts'
import { makeDueOffers, type OfferRoundContext } from './offer-round.service.ts'
import { markLapsedOffers } from './offers.service.ts'

const OFFERS_INTERVAL_MS = 15_000

export function offerRoundContext(deps: AppDeps, logger: Logger = deps.logger): OfferRoundContext {
  return {
    db: deps.database.db,
    logger,
    email: {
      site: deps.config.site,
      timeZone: deps.config.timeZone,
      publicOrigin: deps.config.publicOrigin,
      secret: deps.authSecret,
    },
  }
}

/**
 * Every 15 s in each instance: the offers of every mailing whose days were set up since (exactly once, by
 * the mailing's claim: offer-round.service.ts), then the offers whose window ended written 'lapsed' (a
 * conditional update). Safe in every instance at once.
 */
export function startOffersTask(
  ctx: OfferRoundContext,
  intervalMs = OFFERS_INTERVAL_MS,
): { stop: () => void } {
  return startPeriodicTask({ name: 'offers', intervalMs, logger: ctx.logger, runAtStart: true }, async () => {
    await makeDueOffers(ctx)
    const lapsed = await markLapsedOffers(ctx.db)
    if (lapsed > 0) ctx.logger.info({ lapsed }, 'offers whose window ended marked lapsed')
  })
}

import type { Logger } from './logger.ts'

/** A background round: its name in the log, its logger, and what one item concerned (for the log line). */
export type Round<T> = {
  label: string
  logger: Logger
  /** The fields that name one item in a failure's log line: a mailing's month, a purchase id, an outbox id… */
  about: (item: T) => Record<string, unknown>
}

/**
 * How every background round goes through its rows: each item on its own, one after another. An item whose
 * step throws is logged (an error, with `about(item)` and the error) and skipped; the round goes on with
 * the next, so one bad row is never the reason the others are not done. A step that writes does so in its
 * own transaction. Answers the results of the items that were done.
 */
export async function eachOnItsOwn<T, R>(
  items: Iterable<T>,
  round: Round<T>,
  step: (item: T) => Promise<R>,
): Promise<R[]> {
  const done: R[] = []
  for (const item of items) {
    try {
      done.push(await step(item))
    } catch (error) {
      round.logger.error({ err: error, ...round.about(item) }, `${round.label} failed; the round goes on`)
    }
  }
  return done
}

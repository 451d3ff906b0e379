import { createLogger, type Logger } from '#server/lib/logger.ts'

/** A logger whose lines are kept, parsed, for tests of what a round logs. */
export function loggedLines(): { logger: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = []
  const logger = createLogger('info', {
    write: (line: string) => {
      lines.push(JSON.parse(line) as Record<string, unknown>)
    },
  })
  return { logger, lines }
}

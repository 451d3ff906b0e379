import type { Logger } from './logger.ts'

/**
 * Runs `run` every `intervalMs` in this instance, never two rounds at once (a slow round makes the next tick
 * a no-op), logging a failed round instead of throwing. The timer is unref'd, so it never keeps the process
 * alive; stop() on shutdown. Background work is safe in every instance at once by its own SQL (SKIP LOCKED,
 * conditional updates), not by this.
 */
export function startPeriodicTask(
  options: { name: string; intervalMs: number; logger: Logger; runAtStart?: boolean },
  run: () => Promise<void>,
): { stop: () => void } {
  let running = false
  const tick = async () => {
    if (running) return
    running = true
    try {
      await run()
    } catch (error) {
      options.logger.error({ err: error }, `${options.name} round failed`)
    } finally {
      running = false
    }
  }
  const timer = setInterval(tick, options.intervalMs)
  timer.unref()
  if (options.runAtStart) void tick()
  return { stop: () => clearInterval(timer) }
}

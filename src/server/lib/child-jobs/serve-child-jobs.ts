import type { AnswerMessage, ChildMessage, ParentMessage } from './protocol.ts'

/**
 * The child side of a ChildJobPool: runs one job at a time by name. A handler may ask the parent for data
 * it holds (`ask`), e.g. a stored file, so large inputs are fetched one at a time rather than sent at once.
 */

type Ask = (name: string, payload: unknown) => Promise<unknown>
type JobHandler = (input: unknown, ask: Ask) => Promise<unknown>

export function serveChildJobs(handlers: Record<string, JobHandler>): void {
  if (!process.send) throw new Error('serveChildJobs runs in a child process started by ChildJobPool')
  const send = (message: ChildMessage) => process.send?.(message)
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  let nextAsk = 1

  process.on('message', (message: ParentMessage) => {
    if (message.t === 'answer') return settle(message)
    if (message.t !== 'run') return
    const { id, job, input } = message
    const ask: Ask = (name, payload) =>
      new Promise((resolve, reject) => {
        const askId = nextAsk++
        pending.set(askId, { resolve, reject })
        send({ t: 'ask', id, askId, name, payload })
      })
    const handler = handlers[job]
    const work = handler ? handler(input, ask) : Promise.reject(new Error(`no job named "${job}"`))
    work.then(
      (result) => send({ t: 'done', id, result }),
      (error: unknown) => {
        const e = error instanceof Error ? error : new Error(String(error))
        send({ t: 'fail', id, name: e.name, message: e.message })
      },
    )
  })
  // The parent went away: nothing is left to do.
  process.on('disconnect', () => process.exit(0))

  function settle(message: AnswerMessage) {
    const waiter = pending.get(message.askId)
    if (!waiter) return
    pending.delete(message.askId)
    if (message.ok) waiter.resolve(message.value)
    else waiter.reject(new Error(message.message))
  }
}

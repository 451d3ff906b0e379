import { type ChildProcess, fork } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { AskMessage, ChildMessage, ParentMessage } from './protocol.ts'

/**
 * Work on untrusted files (PDF parsing, image decoding, the proof) runs in child processes, never on the
 * server's own thread: a hostile file can then at worst cost its job, not the server. Each job has a
 * time limit and a memory ceiling (the child's resident memory, which includes what native code such
 * as libvips allocates, not only the JavaScript heap); past either, the child is killed and the job
 * fails with a FileJobLimitError. At most `processes` jobs run at once and `queue` more wait; past that
 * the pool refuses at once with a FileJobBusyError, which the API answers as 503 with Retry-After.
 */

type ChildJobPoolOptions = {
  /** The child's module: a file that calls serveChildJobs (a .ts file runs through tsx). */
  entry: URL
  /** Jobs running at once (one child process each). */
  processes: number
  /** Jobs that may wait for a free child; one more is refused. */
  queue: number
  /** The most resident memory a child may use, in MB. */
  memoryMb: number
  /** A child that has done nothing for this long exits (it is started again when needed). */
  idleMs?: number
  /** A child is replaced after this many jobs, so nothing it kept grows for ever. */
  jobsPerChild?: number
}

type RunOptions = {
  timeoutMs: number
  /** Answers the child's requests for data the parent holds (e.g. a stored file by its key). */
  onAsk?: (name: string, payload: unknown) => Promise<unknown>
}

/** The job exceeded its time or memory limit and its process was stopped. */
export class FileJobLimitError extends Error {
  constructor(readonly limit: 'time' | 'memory' | 'crash') {
    super(`file job stopped: ${limit} limit`)
    this.name = 'FileJobLimitError'
  }
}

/** Too many file jobs are running and waiting; the caller should try again shortly. */
export class FileJobBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('file jobs are busy')
    this.name = 'FileJobBusyError'
  }
}

/** A job that threw in the child: its error's name and message, so the parent can tell kinds apart. */
export class FileJobError extends Error {
  constructor(
    readonly errorName: string,
    message: string,
  ) {
    super(message)
    this.name = 'FileJobError'
  }
}

type Worker = {
  child: ChildProcess
  jobs: number
  busy: boolean
  idleTimer?: NodeJS.Timeout
}

type Waiting = { start: (worker: Worker) => void; fail: (error: Error) => void }

const MEMORY_POLL_MS = 20
const PAGE_SIZE = 4096

export class ChildJobPool {
  private readonly workers = new Set<Worker>()
  private readonly waiting: Waiting[] = []
  private nextId = 1
  private closed = false

  constructor(private readonly options: ChildJobPoolOptions) {}

  /** Jobs running and waiting now (for tests and the health of the pool). */
  get load(): { running: number; waiting: number } {
    return { running: [...this.workers].filter((w) => w.busy).length, waiting: this.waiting.length }
  }

  async run<T>(job: string, input: unknown, options: RunOptions): Promise<T> {
    const worker = await this.acquire()
    try {
      return (await this.runOn(worker, job, input, options)) as T
    } finally {
      this.release(worker)
    }
  }

  /** Stops every child (at server shutdown and in tests). */
  async close(): Promise<void> {
    this.closed = true
    for (const w of this.waiting.splice(0)) w.fail(new Error('file job pool closed'))
    await Promise.all([...this.workers].map((w) => this.stop(w)))
  }

  private acquire(): Promise<Worker> {
    if (this.closed) return Promise.reject(new Error('file job pool closed'))
    const idle = [...this.workers].find((w) => !w.busy)
    if (idle) return Promise.resolve(this.claim(idle))
    if (this.workers.size < this.options.processes) return Promise.resolve(this.claim(this.spawn()))
    if (this.waiting.length >= this.options.queue) return Promise.reject(new FileJobBusyError(5))
    return new Promise((resolve, reject) => {
      this.waiting.push({ start: (w) => resolve(this.claim(w)), fail: reject })
    })
  }

  private claim(worker: Worker): Worker {
    worker.busy = true
    clearTimeout(worker.idleTimer)
    worker.child.ref()
    ;(worker.child.channel as { ref?: () => void } | undefined)?.ref?.()
    return worker
  }

  private release(worker: Worker): void {
    worker.busy = false
    const alive = this.workers.has(worker)
    const worn = worker.jobs >= (this.options.jobsPerChild ?? 100)
    if (alive && worn) void this.stop(worker)
    const next = this.waiting.shift()
    if (next) {
      next.start(alive && !worn ? worker : this.spawn())
      return
    }
    if (!alive || worn) return
    // An idle child must not keep the server (or a test run) alive, and leaves after a while.
    worker.child.unref()
    ;(worker.child.channel as { unref?: () => void } | undefined)?.unref?.()
    worker.idleTimer = setTimeout(() => void this.stop(worker), this.options.idleMs ?? 30_000)
    worker.idleTimer.unref()
  }

  private spawn(): Worker {
    const entry = this.options.entry
    const isSource = entry.pathname.endsWith('.ts')
    const heapMb = Math.max(64, Math.floor(this.options.memoryMb / 2))
    const child = fork(fileURLToPath(entry), [], {
      execArgv: [...(isSource ? ['--import', 'tsx'] : []), `--max-old-space-size=${heapMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, UV_THREADPOOL_SIZE: '2' },
    })
    const worker: Worker = { child, jobs: 0, busy: false }
    child.on('exit', () => this.workers.delete(worker))
    child.on('error', () => this.workers.delete(worker))
    this.workers.add(worker)
    return worker
  }

  private async stop(worker: Worker): Promise<void> {
    this.workers.delete(worker)
    clearTimeout(worker.idleTimer)
    const { child } = worker
    if (child.exitCode !== null || child.signalCode !== null) return
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve())
      child.kill('SIGKILL')
    })
  }

  private runOn(worker: Worker, job: string, input: unknown, options: RunOptions): Promise<unknown> {
    const { child } = worker
    const id = this.nextId++
    worker.jobs++
    return new Promise((resolve, reject) => {
      let settled = false
      const finish = (error: Error | null, value?: unknown) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        clearInterval(memoryWatch)
        child.off('message', onMessage)
        child.off('exit', onExit)
        if (error) reject(error)
        else resolve(value)
      }
      const kill = (limit: FileJobLimitError['limit']) => {
        void this.stop(worker)
        finish(new FileJobLimitError(limit))
      }
      const timer = setTimeout(() => kill('time'), options.timeoutMs)
      const ceiling = this.options.memoryMb * 1024 * 1024
      const memoryWatch = setInterval(() => {
        void residentBytes(child.pid).then((bytes) => {
          if (bytes !== null && bytes > ceiling) kill('memory')
        })
      }, MEMORY_POLL_MS)
      const onExit = () => {
        this.workers.delete(worker)
        finish(new FileJobLimitError('crash'))
      }
      const onMessage = (message: ChildMessage) => {
        if (message.id !== id) return
        if (message.t === 'done') finish(null, message.result)
        else if (message.t === 'fail') finish(new FileJobError(message.name, message.message))
        else if (message.t === 'ask') void this.answer(child, message, options)
      }
      child.on('message', onMessage)
      child.on('exit', onExit)
      const run: ParentMessage = { t: 'run', id, job, input }
      child.send(run, (error) => {
        if (error) kill('crash')
      })
    })
  }

  private async answer(child: ChildProcess, ask: AskMessage, options: RunOptions): Promise<void> {
    let reply: ParentMessage
    try {
      if (!options.onAsk) throw new Error(`nothing answers "${ask.name}"`)
      reply = { t: 'answer', askId: ask.askId, ok: true, value: await options.onAsk(ask.name, ask.payload) }
    } catch (error) {
      reply = { t: 'answer', askId: ask.askId, ok: false, message: (error as Error).message }
    }
    if (child.connected) child.send(reply, () => undefined)
  }
}

/** The resident memory of a process in bytes (Linux /proc), or null where it cannot be read. */
async function residentBytes(pid: number | undefined): Promise<number | null> {
  if (!pid) return null
  try {
    const statm = await readFile(`/proc/${pid}/statm`, 'utf8')
    const pages = Number(statm.split(' ')[1])
    return Number.isFinite(pages) ? pages * PAGE_SIZE : null
  } catch {
    return null
  }
}

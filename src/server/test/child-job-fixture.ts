import { serveChildJobs } from '#server/lib/child-jobs/serve-child-jobs.ts'

// Jobs that misbehave on purpose, for the tests of ChildJobPool.
serveChildJobs({
  echo: async (input) => input,
  ask: async (input, ask) => ask('double', input),
  throws: async () => {
    const error = new Error('bad file')
    error.name = 'ArtworkRejectedError'
    throw error
  },
  /** Holds `input` MB of memory the JavaScript heap does not count (like a decoder's buffers). */
  allocate: async (input) => {
    const chunks: Buffer[] = []
    for (let mb = 0; mb < (input as number); mb++) {
      chunks.push(Buffer.alloc(1024 * 1024, 1))
      if (mb % 16 === 0) await new Promise((resolve) => setImmediate(resolve))
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    return chunks.length
  },
  spin: async () => {
    for (;;) {
      // never answers
    }
  },
  exit: async () => process.exit(3),
  pid: async () => process.pid,
})

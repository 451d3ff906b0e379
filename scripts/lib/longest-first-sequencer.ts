import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The test files that take longest, with their time in seconds on the 2-core machine with the whole suite
 * running (vitest run, both engines, each worker's files in one module graph, 2026-11-27). Vitest's own
 * order, on a clone without its cache (CI's), runs the projects one after the other and the largest files
 * first, so the three small files of the API fuzz on PostgreSQL (two and a half to four minutes each)
 * started last and the run waited on them alone for minutes.
 * Starting the longest first lets the short files fill the workers around them. A prefix matches every
 * file under it.
 */
const MEASURED_SECONDS: [project: string, pathPrefix: string, seconds: number][] = [
  // 2026-12-07: the fuzz's 100 requests per route on PostgreSQL (1,000 before).
  ['integration-postgres', 'src/server/test/fuzz/api-fuzz-', 30],
  ['integration-pglite', 'src/server/ops/backup.test.ts', 75],
  ['integration-postgres', 'src/server/features/checkout/concurrency.test.ts', 40],
  ['integration-pglite', 'src/server/ops/db-transfer.test.ts', 28],
  ['integration-postgres', 'src/server/features/auth/auth.test.ts', 20],
  ['integration-pglite', 'src/server/db/pglite-stale-lock.test.ts', 19],
  ['integration-pglite', 'src/server/lib/storage/s3-storage.test.ts', 13],
]

/**
 * Runs the longest test files first, by the figures above; the others keep Vitest's order after them.
 * Vitest's cache of durations is not used: a quick run (a 20-request fuzz) would record the fuzz as short.
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files)
    const root = this.ctx.config.root
    const seconds = (spec: TestSpecification) => {
      const file = spec.moduleId.startsWith(`${root}/`) ? spec.moduleId.slice(root.length + 1) : spec.moduleId
      const measured = MEASURED_SECONDS.find(
        ([project, prefix]) => project === spec.project.name && file.startsWith(prefix),
      )
      return measured?.[2] ?? 0
    }
    const weight = new Map(ordered.map((spec) => [spec, seconds(spec)]))
    // Array.prototype.sort is stable: equal weights keep Vitest's order.
    return ordered.sort((a, b) => (weight.get(b) ?? 0) - (weight.get(a) ?? 0))
  }
}

// Bundle budget, run by `npm test` after the build: every public route loads at most
// PUBLIC_ROUTE_BUDGET_KB of JavaScript (gzip) before it renders, and none of it is admin code.
// See scripts/lib/route-bundles.ts for what counts. Exits 1, naming the route and its chunks, if not.
import { readRouteBundles } from './lib/route-bundles.ts'

export const PUBLIC_ROUTE_BUDGET_KB = 110

const failures: string[] = []
for (const route of readRouteBundles().filter((r) => r.isPublic)) {
  if (route.kb > PUBLIC_ROUTE_BUDGET_KB) {
    const chunks = route.chunks
      .slice(0, 6)
      .map((chunk) => `${chunk.file} ${chunk.kb.toFixed(1)}`)
      .join(', ')
    failures.push(
      `${route.page}: ${route.kb.toFixed(1)} KB gzip > ${PUBLIC_ROUTE_BUDGET_KB} KB (largest chunks: ${chunks})`,
    )
  }
  if (route.adminModules.length > 0) {
    failures.push(`${route.page}: loads admin code: ${[...new Set(route.adminModules)].join(', ')}`)
  }
}

if (failures.length > 0) {
  console.error(
    `Bundle budget missed (npm run report:bundle -- --chunks for details):\n  ${failures.join('\n  ')}`,
  )
  process.exit(1)
}
console.log(
  `Bundle budget met: every public route loads <= ${PUBLIC_ROUTE_BUDGET_KB} KB of JavaScript (gzip), no admin code.`,
)

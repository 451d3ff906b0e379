// Prints the gzip size of the JavaScript each route loads, from the Vite manifest of the last build
// (`npm run build` first). See scripts/lib/route-bundles.ts for what counts. --chunks lists the chunks.
import { readRouteBundles } from './lib/route-bundles.ts'

const showChunks = process.argv.includes('--chunks')
console.log('route module                      JS gzip (KB)  chunks')
for (const route of readRouteBundles()) {
  console.log(
    `${route.page.padEnd(34)}${route.kb.toFixed(1).padStart(8)}  ${String(route.chunks.length).padStart(7)}`,
  )
  if (showChunks)
    for (const chunk of route.chunks) console.log(`    ${chunk.kb.toFixed(1).padStart(6)}  ${chunk.file}`)
}
const entry = readRouteBundles()[0]
console.log(`admin code in the entry closure: ${entry && entry.adminModules.length > 0 ? 'YES' : 'no'}`)

// Prints the gzip size of the JavaScript each route loads, from the Vite manifest of the last build
// (`npm run build` first). A route loads the entry, its static imports, and its own lazy page chunk.
import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }

const root = path.resolve(import.meta.dirname, '../dist/client')
const manifest = JSON.parse(fs.readFileSync(path.join(root, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  Chunk
>

function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen
  seen.add(key)
  for (const dep of manifest[key]?.imports ?? []) staticClosure(dep, seen)
  return seen
}

const gzipKb = (file: string) => gzipSync(fs.readFileSync(path.join(root, file))).length / 1024

export function routeJsKb(pageKey?: string): number {
  const keys = staticClosure('index.html')
  if (pageKey) staticClosure(pageKey, keys)
  return [...keys].reduce((sum, key) => sum + (manifest[key] ? gzipKb(manifest[key].file) : 0), 0)
}

const pages = Object.keys(manifest).filter((key) => key.startsWith('src/client/app/routes/'))
const rows = [
  ['/ (entry)', routeJsKb()] as const,
  ...pages.map((key) => [path.basename(key, '.tsx'), routeJsKb(key)] as const),
]
const adminCode = [...staticClosure('index.html')].some((key) => key.includes('/admin/'))
console.log('route module                      JS gzip (KB)')
for (const [name, kb] of rows) console.log(`${name.padEnd(34)}${kb.toFixed(1).padStart(8)}`)
console.log(`admin code in the entry closure: ${adminCode ? 'YES' : 'no'}`)

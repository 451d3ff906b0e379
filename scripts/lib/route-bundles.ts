// What JavaScript each route downloads before it can render, from the last build (`npm run build`):
// the entry and its static imports (which index.html modulepreloads), plus the route's lazy page chunk
// and its static imports (preloaded alongside it). Lazy code a page loads later (on a click, when a
// toast appears, ...) is not counted. Sizes are gzip level 9, as scripts/precompress.ts serves them.
import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

type ManifestChunk = {
  file: string
  src?: string
  imports?: string[]
  dynamicImports?: string[]
  isEntry?: boolean
}
type Manifest = Record<string, ManifestChunk>

export const distDir = path.resolve(import.meta.dirname, '../../dist')
const clientDir = path.join(distDir, 'client')
/** Written by the chunk-modules plugin in vite.config.ts: which source modules each chunk holds. */
export const chunkModulesFile = path.join(distDir, 'client-chunk-modules.json')

const ADMIN_MODULE = /(^|\/)src\/client\/(features\/admin|app\/routes\/admin)\//
const PAGE_PREFIX = 'src/client/app/routes/'

export type RouteBundle = {
  /** Page module, e.g. public/calendar-page, or '(entry)' for the entry alone. */
  page: string
  isPublic: boolean
  kb: number
  chunks: Array<{ file: string; kb: number }>
  adminModules: string[]
}

function readJson<T>(file: string, hint: string): T {
  if (!fs.existsSync(file)) throw new Error(`${path.relative(process.cwd(), file)} is missing: ${hint}`)
  return JSON.parse(fs.readFileSync(file, 'utf8')) as T
}

export function readRouteBundles(): RouteBundle[] {
  const manifest = readJson<Manifest>(path.join(clientDir, '.vite/manifest.json'), 'run npm run build first')
  const chunkModules = readJson<Record<string, string[]>>(chunkModulesFile, 'run npm run build first')
  const kbCache = new Map<string, number>()
  const gzipKb = (file: string) => {
    let kb = kbCache.get(file)
    if (kb === undefined) {
      kb = gzipSync(fs.readFileSync(path.join(clientDir, file)), { level: 9 }).length / 1024
      kbCache.set(file, kb)
    }
    return kb
  }
  const staticClosure = (key: string, seen: Set<string>): Set<string> => {
    if (seen.has(key)) return seen
    seen.add(key)
    for (const dep of manifest[key]?.imports ?? []) staticClosure(dep, seen)
    return seen
  }
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry)
  if (!entryKey) throw new Error('The Vite manifest has no entry chunk')

  const bundle = (page: string, pageKey?: string): RouteBundle => {
    const keys = staticClosure(entryKey, new Set())
    if (pageKey) staticClosure(pageKey, keys)
    const files = [...keys]
      .map((key) => manifest[key]?.file)
      .filter((file) => file?.endsWith('.js')) as string[]
    const chunks = files.map((file) => ({ file, kb: gzipKb(file) })).sort((a, b) => b.kb - a.kb)
    return {
      page,
      isPublic: !page.startsWith('admin/'),
      kb: chunks.reduce((sum, chunk) => sum + chunk.kb, 0),
      chunks,
      adminModules: files.flatMap((file) => (chunkModules[file] ?? []).filter((id) => ADMIN_MODULE.test(id))),
    }
  }

  const pageKeys = Object.keys(manifest)
    .filter((key) => key.startsWith(PAGE_PREFIX))
    .sort()
  return [
    bundle('(entry)'),
    ...pageKeys.map((key) => bundle(key.slice(PAGE_PREFIX.length).replace(/\.tsx?$/, ''), key)),
  ]
}

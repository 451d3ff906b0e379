// After `vite build`: writes .br and .gz beside every text asset so the server sends compressed bytes
// without compressing per request (src/server/http/static-files.ts picks the variant).
import fs from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const root = path.resolve(import.meta.dirname, '../dist/client')
const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.txt', '.json', '.webmanifest'])

let files = 0
for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.has(path.extname(entry.name))) continue
  const file = path.join(entry.parentPath, entry.name)
  const bytes = fs.readFileSync(file)
  if (bytes.length < 1024) continue
  fs.writeFileSync(
    `${file}.br`,
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  )
  fs.writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }))
  files++
}
console.log(`precompressed ${files} assets (.br, .gz)`)

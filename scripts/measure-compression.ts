// Bytes of /api/blog-posts with 2,000 posts (about 1.6 KB of varied text each): identity vs gzip vs br,
// first answer (Hono path, compresses once) and cache hits (fast path, kept bytes). PGlite in a temporary folder.
// Run: node --import tsx scripts/measure-compression.ts
import { once } from 'node:events'
import fs from 'node:fs'
import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { getRequestListener } from '@hono/node-server'
import { createApp } from '#server/app.ts'
import { prepareApp } from '#server/bootstrap.ts'
import { openPglite } from '#server/db/client.ts'
import { blogPosts } from '#server/db/schema.ts'
import { loadConfig } from '#server/env.ts'
import { withFastReadPath } from '#server/http/fast-read-path.ts'
import { createLogger } from '#server/lib/logger.ts'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-compression-'))
const database = await openPglite(dataDir)
const config = loadConfig({ BETTER_AUTH_SECRET: 'bench-secret-that-is-at-least-32-characters' })
const deps = await prepareApp(database, config, createLogger('silent'))
const t = { db: database.db, deps }
// Words drawn with a fixed seed, so every run measures the same bytes and the text is not trivially repetitive.
const words =
  'town market bakery harbour festival council summer library bridge river garden museum school street concert church station square morning evening weekend volunteers children families visitors'.split(
    ' ',
  )
let seed = 42
const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648)
const paragraph = () => Array.from({ length: 220 }, () => words[next() % words.length]).join(' ')
for (let i = 0; i < 2000; i += 500)
  await t.db.insert(blogPosts).values(
    Array.from({ length: 500 }, (_, j) => ({
      title: `Post ${i + j}`,
      content: paragraph(),
      author: 'Ann',
      isPublished: true,
    })),
  )
const server = createServer(withFastReadPath(t.deps, getRequestListener(createApp(t.deps).fetch)))
server.listen(0, '127.0.0.1')
await once(server, 'listening')
const { port } = server.address() as AddressInfo
const get = (accept: string) =>
  new Promise<{ bytes: number; encoding: string; ms: number }>((resolve, reject) => {
    const started = performance.now()
    request(
      {
        port,
        host: '127.0.0.1',
        path: '/api/blog-posts',
        headers: accept ? { 'accept-encoding': accept } : {},
      },
      (res) => {
        let bytes = 0
        res.on('data', (c: Buffer) => {
          bytes += c.length
        })
        res.on('end', () =>
          resolve({
            bytes,
            encoding: String(res.headers['content-encoding'] ?? 'identity'),
            ms: performance.now() - started,
          }),
        )
      },
    )
      .on('error', reject)
      .end()
  })
for (const accept of ['', 'gzip', 'br']) {
  const first = await get(accept)
  const hit = await get(accept)
  const hit2 = await get(accept)
  console.log(
    `${(accept || 'none').padEnd(5)} ${first.encoding.padEnd(8)} ${String(first.bytes).padStart(9)} bytes  first ${first.ms.toFixed(1)} ms, hit ${hit.ms.toFixed(1)} / ${hit2.ms.toFixed(1)} ms`,
  )
}
server.close()
await database.close()
fs.rmSync(dataDir, { recursive: true, force: true })

import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import { createTestApp, type TestApp } from '../test/test-app.ts'
import { withFastReadPath } from './fast-read-path.ts'

/**
 * Strict-Transport-Security is sent when the site's public URL is https (behind a TLS proxy), on every
 * answer: through Hono, from the cache-hit fast path, on errors; and never on plain http, where it would
 * pin the host (localhost, say) to https in the browser.
 */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

/** The server as main.ts builds it (fast path in front of Hono) for the given PUBLIC_URL. */
async function serveWith(publicUrl: string | undefined) {
  const deps = { ...t.deps, config: { ...t.deps.config, publicUrl } }
  const server = createServer(withFastReadPath(deps, getRequestListener(createApp(deps).fetch)))
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return {
    get: (path: string) => fetch(`http://127.0.0.1:${port}${path}`),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const PATHS = ['/api/health', '/api/map-icons', '/api/map-icons', '/api/no-such-route', '/media/missing.png']

describe('HSTS', () => {
  it('is sent on every answer when PUBLIC_URL is https, the cached fast-path reads included', async () => {
    const s = await serveWith('https://flyer.example')
    try {
      // /api/map-icons twice: the second answer comes from the fast path, below Hono.
      for (const path of PATHS) {
        const response = await s.get(path)
        expect(response.headers.get('strict-transport-security'), path).toBe(
          'max-age=31536000; includeSubDomains',
        )
        await response.arrayBuffer()
      }
    } finally {
      await s.close()
    }
  })

  it('is absent when the site is served over plain http', async () => {
    for (const publicUrl of [undefined, 'http://flyer.example']) {
      const s = await serveWith(publicUrl)
      try {
        for (const path of PATHS) {
          const response = await s.get(path)
          expect(response.headers.get('strict-transport-security'), path).toBeNull()
          expect(response.headers.get('x-content-type-options'), path).toBe('nosniff')
          await response.arrayBuffer()
        }
      } finally {
        await s.close()
      }
    }
  })
})

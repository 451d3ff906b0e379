import { once } from 'node:events'
import { createServer, type RequestListener, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { getRequestListener } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_BLOG_PAGE_SIZE } from '#shared/blog-pages.ts'
import { createApp } from '../app.ts'
import { blogPosts, orders } from '../db/schema.ts'
import { ADMIN, createTestApp, TEST_ORIGIN, type TestApp } from '../test/test-app.ts'
import { negotiateEncoding } from './compression.ts'
import { withFastReadPath } from './fast-read-path.ts'

/**
 * JSON and CSV answers are br- or gzip-encoded by Accept-Encoding (compression.ts), on the Hono path and
 * on the cache-hit fast path alike, with ETags per encoding and 304s across them. Requests go through
 * node:http's client, which (unlike fetch) hands back the bytes as sent.
 */

type Served = { base: string; honoCalls: () => number; close: () => Promise<void> }

async function serve(t: TestApp, { fast = true } = {}): Promise<Served> {
  const hono = getRequestListener(createApp(t.deps).fetch)
  let calls = 0
  const counted: RequestListener = (incoming, outgoing) => {
    calls++
    return hono(incoming, outgoing)
  }
  const server = createServer(fast ? withFastReadPath(t.deps, counted) : counted)
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return {
    base: `http://127.0.0.1:${port}`,
    honoCalls: () => calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

type Raw = { status: number; headers: Record<string, string>; body: Buffer }

function raw(s: Served, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${s.base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        const all: Record<string, string> = {}
        for (const [name, value] of Object.entries(res.headers)) {
          if (name !== 'date' && value !== undefined) all[name] = String(value)
        }
        resolve({ status: res.statusCode ?? 0, headers: all, body: Buffer.concat(chunks) })
      })
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

function decode(answer: Raw): string {
  const encoding = answer.headers['content-encoding']
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString()
  if (encoding === 'gzip') return gunzipSync(answer.body).toString()
  expect(encoding).toBeUndefined()
  return answer.body.toString()
}

describe('negotiateEncoding', () => {
  it('prefers br, respects q-values and q=0, and ignores junk', () => {
    expect(negotiateEncoding(undefined)).toBeUndefined()
    expect(negotiateEncoding('')).toBeUndefined()
    expect(negotiateEncoding('identity')).toBeUndefined()
    expect(negotiateEncoding('gzip')).toBe('gzip')
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br')
    expect(negotiateEncoding('br;q=0.5, gzip')).toBe('gzip')
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeUndefined()
    expect(negotiateEncoding('*;q=0')).toBeUndefined()
    expect(negotiateEncoding('*')).toBe('br')
    expect(negotiateEncoding('*, br;q=0')).toBe('gzip')
    expect(negotiateEncoding('GZIP;Q=1')).toBe('gzip')
    expect(negotiateEncoding(';;,, br;q=nope, gzip;q=0.1')).toBe('gzip')
    expect(negotiateEncoding('br;q=2, gzip;q=-1')).toBeUndefined()
  })
})

describe('compressed JSON answers', () => {
  let t: TestApp
  let fast: Served
  let plain: Served
  let identity: Raw
  const POSTS = 300
  // The largest page an anonymous caller may ask for (the list is paginated).
  const BLOG_LIST = `/api/blog-posts?pageSize=${MAX_BLOG_PAGE_SIZE}`
  beforeAll(async () => {
    t = await createTestApp()
    await t.db.insert(blogPosts).values(
      Array.from({ length: POSTS }, (_, i) => ({
        title: `Post ${i}`,
        content: `Körper ✓ "quoted" — the ${i}th post of the town's blog, with some repeated text. `.repeat(
          8,
        ),
        author: 'Ann',
        isPublished: true,
      })),
    )
    fast = await serve(t)
    plain = await serve(t, { fast: false })
    identity = await raw(plain, BLOG_LIST)
  })
  afterAll(async () => {
    await fast?.close()
    await plain?.close()
    await t?.close()
  })

  it('sends gzip to a client that accepts gzip: the same JSON in far fewer bytes', async () => {
    expect(identity.status).toBe(200)
    expect(identity.headers['content-encoding']).toBeUndefined()
    expect((JSON.parse(identity.body.toString()) as { posts: unknown[] }).posts.length).toBe(
      MAX_BLOG_PAGE_SIZE,
    )
    const gzip = await raw(plain, BLOG_LIST, { 'accept-encoding': 'gzip' })
    expect(gzip.status).toBe(200)
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gzip.headers.vary).toBe('Accept-Encoding')
    expect(gzip.headers['content-length']).toBe(String(gzip.body.length))
    expect(gunzipSync(gzip.body).equals(identity.body)).toBe(true)
    expect(gzip.body.length).toBeLessThan(identity.body.length / 5)
  })

  it('prefers br when both are accepted, and sends identity when none is or q=0', async () => {
    const br = await raw(plain, BLOG_LIST, { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.body).equals(identity.body)).toBe(true)
    for (const accept of ['identity', 'br;q=0, gzip;q=0', '*;q=0', 'deflate']) {
      const answer = await raw(plain, BLOG_LIST, { 'accept-encoding': accept })
      expect(answer.headers['content-encoding'], accept).toBeUndefined()
      expect(answer.body.equals(identity.body), accept).toBe(true)
      expect(answer.headers.vary).toBe('Accept-Encoding')
    }
  })

  it('gives each encoding its own ETag, and a 304 for any variant of the same body', async () => {
    const tags: Record<string, string> = {}
    for (const accept of ['', 'gzip', 'br']) {
      tags[accept] = (await raw(plain, BLOG_LIST, { 'accept-encoding': accept })).headers.etag ?? ''
    }
    const plainTag = tags[''] ?? ''
    expect(plainTag).toMatch(/^"[\w-]+"$/)
    expect(tags.gzip).toBe(`${plainTag.slice(0, -1)}-gz"`)
    expect(tags.br).toBe(`${plainTag.slice(0, -1)}-br"`)
    for (const accept of ['', 'gzip', 'br']) {
      for (const held of Object.values(tags)) {
        for (const s of [plain, fast]) {
          const answer = await raw(s, BLOG_LIST, { 'accept-encoding': accept, 'if-none-match': held })
          expect(answer.status, `${accept} / ${held}`).toBe(304)
          expect(answer.body.length).toBe(0)
          expect(answer.headers.etag).toBe(tags[accept])
          expect(answer.headers['content-encoding']).toBeUndefined()
        }
      }
    }
    const other = await raw(plain, BLOG_LIST, {
      'accept-encoding': 'br',
      'if-none-match': '"nope-br"',
    })
    expect(other.status).toBe(200)
  })

  it('answers the same bytes and headers on the fast path as through Hono, per encoding', async () => {
    const expected: Record<string, string | undefined> = {
      '': undefined,
      gzip: 'gzip',
      br: 'br',
      'gzip, br': 'br',
      'br;q=0, gzip': 'gzip',
    }
    for (const [accept, encoding] of Object.entries(expected)) {
      const headers = { 'accept-encoding': accept, 'x-request-id': 'same-id' }
      const viaHono = await raw(plain, BLOG_LIST, headers)
      await raw(fast, BLOG_LIST, headers) // learnt through Hono
      const before = fast.honoCalls()
      const viaFast = await raw(fast, BLOG_LIST, headers)
      expect(fast.honoCalls(), accept).toBe(before)
      expect(viaFast.status).toBe(200)
      expect(viaFast.body.equals(viaHono.body), accept).toBe(true)
      expect(viaFast.headers, accept).toEqual(viaHono.headers)
      expect(viaFast.headers['content-encoding'], accept).toBe(encoding)
      expect(decode(viaFast)).toBe(identity.body.toString())
    }
  })

  it('leaves a small answer, a HEAD and a 404 uncompressed', async () => {
    const [post] = await t.db
      .insert(blogPosts)
      .values({ title: 'Short', content: 'Tiny.', author: 'Ann', isPublished: true })
      .returning()
    const small = await raw(plain, `/api/blog-posts/${post?.id}`, { 'accept-encoding': 'gzip, br' })
    expect(small.status).toBe(200)
    expect(small.body.length).toBeLessThan(1024)
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(small.body.toString())).toMatchObject({ title: 'Short' })
    const settings = await raw(plain, '/api/settings', { 'accept-encoding': 'gzip, br' })
    expect(settings.headers['content-encoding']).toBeUndefined()
    const head = await raw(plain, BLOG_LIST, { 'accept-encoding': 'gzip, br' }, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers['content-encoding']).toBeUndefined()
    expect(head.body.length).toBe(0)
    const missing = await raw(plain, '/api/blog-posts/00000000-0000-4000-8000-000000000000', {
      'accept-encoding': 'gzip',
    })
    expect(missing.status).toBe(404)
    expect(missing.headers['content-encoding']).toBeUndefined()
  })

  it('compresses the admin CSV export', async () => {
    await t.createAdmin()
    const cookie = await t.signIn(ADMIN)
    await t.db.insert(orders).values(
      Array.from({ length: 100 }, (_, i) => ({
        id: `ORD-9${String(i).padStart(4, '0')}`,
        businessName: `Bakery ${i}`,
        email: `owner${i}@acme.test`,
        amountCents: 12000,
        status: 'paid',
      })),
    )
    const headers = { cookie, origin: TEST_ORIGIN, 'x-forwarded-for': '203.0.113.10' }
    const csv = await raw(plain, '/api/admin/checkouts/export.csv', headers)
    expect(csv.status).toBe(200)
    expect(csv.headers['content-encoding']).toBeUndefined()
    expect(csv.body.toString()).toContain('Bakery 99')
    const gz = await raw(plain, '/api/admin/checkouts/export.csv', { ...headers, 'accept-encoding': 'gzip' })
    expect(gz.status).toBe(200)
    expect(gz.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gz.headers['content-disposition']).toMatch(/^attachment; filename="orders-by-checkout-/)
    expect(gz.headers.vary).toBe('Accept-Encoding')
    expect(gunzipSync(gz.body).equals(csv.body)).toBe(true)
    expect(gz.body.length).toBeLessThan(csv.body.length / 2)
  })
})

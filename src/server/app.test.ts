import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { todayInTimeZone } from '#shared/dates.ts'
import type { PublicMailingsResponse } from '#shared/mailings.ts'
import { createApp } from './app.ts'
import { calendarSettings, siteSettings } from './db/schema.ts'
import { ADMIN, createTestApp, type TestApp } from './test/test-app.ts'

let t: TestApp
let clientDir: string
beforeAll(async () => {
  t = await createTestApp()
  await t.createAdmin()
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-client-'))
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<html><head><title>x</title><!--site-config--></head><body><div id="root"></div></body></html>',
  )
  fs.mkdirSync(path.join(clientDir, 'assets'))
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)')
})
afterAll(async () => {
  await t.close()
  fs.rmSync(clientDir, { recursive: true, force: true })
})

describe('health', () => {
  it('answers ok after pinging the database', async () => {
    const response = await t.request('/api/health')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok', database: 'up' })
  })

  it('answers 503 when the database is down', async () => {
    const down = createApp({
      ...t.deps,
      database: { ...t.database, ping: () => Promise.reject(new Error('down')) },
    })
    const response = await down.request('/api/health')
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({ status: 'degraded', database: 'down' })
  })
})

describe('routing', () => {
  it('answers unknown API paths with a JSON 404, never HTML', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await t.request('/api/does-not-exist', {
        method,
        json: method === 'GET' ? undefined : {},
      })
      expect(response.status).toBe(404)
      expect(response.headers.get('content-type')).toMatch(/application\/json/)
      expect((await response.json()).error.code).toBe('not_found')
    }
  })

  it('answers 404 on the retired routes: the unpaged order list, its CSV and the db-setup no-op', async () => {
    const admin = await t.signIn(ADMIN)
    for (const [method, path] of [
      ['GET', '/api/admin/orders'],
      ['GET', '/api/admin/orders?status=all'],
      ['GET', '/api/admin/orders/export.csv'],
      ['POST', '/api/functions/db-setup'],
    ] as const) {
      for (const cookie of [undefined, admin]) {
        const response = await t.request(path, { method, json: method === 'POST' ? {} : undefined, cookie })
        expect(response.status, `${method} ${path}`).toBe(404)
        expect((await response.json()).error.code).toBe('not_found')
      }
    }
  })

  it('serves the SPA for every other path with the site config injected as data, not script', async () => {
    const app = createApp({ ...t.deps, clientDir })
    for (const route of ['/', '/calendar', '/admin/orders', '/no/such/page']) {
      const response = await app.request(route)
      expect(response.status).toBe(200)
      const html = await response.text()
      expect(html).toContain('<script type="application/json" id="site-config">')
      expect(html).toContain(`"productName":"${t.deps.config.site.productName}"`)
      expect(response.headers.get('cache-control')).toBe('no-cache')
    }
    const asset = await app.request('/assets/app-abc123.js')
    expect(asset.status).toBe(200)
    expect(asset.headers.get('cache-control')).toContain('immutable')
  })

  it('sends the precompressed variant of an asset when the browser accepts it', async () => {
    const file = path.join(clientDir, 'assets', 'big-abc123.js')
    fs.writeFileSync(file, 'x'.repeat(4096))
    fs.writeFileSync(`${file}.br`, brotliCompressSync(fs.readFileSync(file)))
    const app = createApp({ ...t.deps, clientDir })
    const br = await app.request('/assets/big-abc123.js', { headers: { 'accept-encoding': 'gzip, br' } })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe('x'.repeat(4096))
    const plain = await app.request('/assets/big-abc123.js')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe('x'.repeat(4096))
  })

  it('serves only the build’s own files: never index.html raw, build metadata or anything outside', async () => {
    fs.mkdirSync(path.join(clientDir, '.vite'), { recursive: true })
    fs.writeFileSync(path.join(clientDir, '.vite', 'manifest.json'), '{"secret":"metadata"}')
    fs.writeFileSync(path.join(clientDir, 'robots.txt'), 'User-agent: *')
    fs.writeFileSync(path.join(path.dirname(clientDir), 'outside-the-build.txt'), 'outside')
    const app = createApp({ ...t.deps, clientDir })
    const robots = await app.request('/robots.txt')
    expect(robots.status).toBe(200)
    expect(robots.headers.get('cache-control')).toBe('public, max-age=3600')
    expect(robots.headers.get('vary')).toBe('Accept-Encoding')
    expect(await robots.text()).toBe('User-agent: *')
    const head = await app.request('/assets/app-abc123.js', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(String('console.log(1)'.length))
    for (const route of [
      '/index.html',
      '/.vite/manifest.json',
      '/../outside-the-build.txt',
      '/%2e%2e/outside-the-build.txt',
      '/assets/missing-abc123.js',
    ]) {
      const response = await app.request(route)
      const body = await response.text()
      expect(body, route).not.toContain('metadata')
      expect(body, route).not.toContain('outside')
      expect(body, route).not.toContain('<!--site-config-->')
      expect(response.headers.get('cache-control'), route).not.toContain('immutable')
    }
  })

  it('escapes the site config so a value cannot close the script element', async () => {
    const config = {
      ...t.deps.config,
      site: { ...t.deps.config.site, town: '</script><script>alert(1)</script>' },
    }
    const html = await (await createApp({ ...t.deps, config, clientDir }).request('/')).text()
    expect(html).not.toContain('</script><script>alert(1)')
    expect(html).toContain('\\u003c/script>')
  })
})

describe('security', () => {
  it('sends security headers with a CSP that allows no inline script', async () => {
    const response = await t.request('/api/health')
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  })

  it('rejects state-changing requests from another origin and changes nothing', async () => {
    const cookie = await t.signIn(ADMIN)
    const foreign = await t.request('/api/settings/font', {
      method: 'PUT',
      json: { font: 'Roboto Slab' },
      cookie,
      headers: { origin: 'https://evil.example' },
    })
    expect(foreign.status).toBe(403)
    const crossSite = await t.request('/api/settings/font', {
      method: 'PUT',
      json: { font: 'Roboto Slab' },
      cookie,
      headers: { origin: '', 'sec-fetch-site': 'cross-site' },
    })
    expect(crossSite.status).toBe(403)
    expect((await (await t.request('/api/settings')).json()).font).toBe('Neucha')
  })

  it('refuses oversized bodies with 413', async () => {
    const cookie = await t.signIn(ADMIN)
    const response = await t.request('/api/settings/font', {
      method: 'PUT',
      body: JSON.stringify({ font: 'Poppins', padding: 'x'.repeat(200 * 1024) }),
      headers: { 'content-type': 'application/json' },
      cookie,
    })
    expect(response.status).toBe(413)
    expect((await response.json()).error.code).toBe('payload_too_large')
  })
})

describe('settings', () => {
  it('reads the seeded defaults publicly', async () => {
    // The calendar opens on the first month whose mailing is open for sale, a later month
    // than today's (whose sales closed before it began).
    const { open } = (await (await t.request('/api/mailings')).json()) as PublicMailingsResponse
    const first = open[0]?.month as string
    expect(first > todayInTimeZone(t.deps.config.timeZone).slice(0, 7)).toBe(true)
    expect(await (await t.request('/api/settings')).json()).toEqual({
      font: 'Neucha',
      defaultMonth: Number(first.slice(5, 7)),
      defaultYear: Number(first.slice(0, 4)),
    })
  })

  it('lets an admin set the font and the default month', async () => {
    const cookie = await t.signIn(ADMIN)
    const year = new Date().getUTCFullYear() + 1
    const font = await t.request('/api/settings/font', {
      method: 'PUT',
      json: { font: 'Dancing Script' },
      cookie,
    })
    expect(font.status).toBe(200)
    const month = await t.request('/api/settings/calendar', {
      method: 'PUT',
      json: { month: 3, year },
      cookie,
    })
    expect(await month.json()).toEqual({ font: 'Dancing Script', defaultMonth: 3, defaultYear: year })
  })

  it('answers bad input with a clear 4xx and changes nothing', async () => {
    const cookie = await t.signIn(ADMIN)
    const before = {
      settings: await t.db.select().from(siteSettings),
      calendar: await t.db.select().from(calendarSettings),
    }
    const cases: Array<[string, RequestInit & { json?: unknown }, number, string]> = [
      ['/api/settings/font', { method: 'PUT', json: { font: 'Arial' } }, 422, 'validation_failed'],
      ['/api/settings/font', { method: 'PUT', json: {} }, 422, 'validation_failed'],
      ['/api/settings/font', { method: 'PUT', json: ['Poppins'] }, 422, 'validation_failed'],
      [
        '/api/settings/calendar',
        { method: 'PUT', json: { month: 13, year: 2026 } },
        422,
        'validation_failed',
      ],
      [
        '/api/settings/calendar',
        { method: 'PUT', json: { month: '3', year: 2026 } },
        422,
        'validation_failed',
      ],
      ['/api/settings/calendar', { method: 'PUT', json: { month: 3, year: 1999 } }, 422, 'validation_failed'],
      [
        '/api/settings/font',
        { method: 'PUT', body: '{"font":', headers: { 'content-type': 'application/json' } },
        400,
        'invalid_json',
      ],
      [
        '/api/settings/font',
        { method: 'PUT', body: 'font=Poppins', headers: { 'content-type': 'text/plain' } },
        415,
        'unsupported_media_type',
      ],
    ]
    for (const [url, init, status, code] of cases) {
      const response = await t.request(url, { ...init, cookie })
      expect(response.status, `${url} ${JSON.stringify(init)}`).toBe(status)
      const body = await response.json()
      expect(body.error.code).toBe(code)
      expect(typeof body.error.message).toBe('string')
    }
    const invalid = await t.request('/api/settings/font', { method: 'PUT', json: { font: 'Arial' }, cookie })
    expect((await invalid.json()).error.fields.font).toBeDefined()
    expect(await t.db.select().from(siteSettings)).toEqual(before.settings)
    expect(await t.db.select().from(calendarSettings)).toEqual(before.calendar)
  })
})

describe('unexpected failures', () => {
  it('answer 500 with a generic message that leaks nothing', async () => {
    const failing = {
      ...t.database,
      db: new Proxy(t.db, {
        get: (target, key) =>
          key === 'select'
            ? () => {
                throw new Error('relation "secret_table" does not exist')
              }
            : Reflect.get(target, key),
      }),
    }
    const response = await createApp({ ...t.deps, database: failing }).request('/api/settings')
    expect(response.status).toBe(500)
    const text = await response.text()
    expect(text).not.toContain('secret_table')
    expect(JSON.parse(text)).toEqual({
      error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' },
    })
  })
})

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultSiteConfig } from '#shared/site-config.ts'
import { spaRoutes } from './spa.ts'

let clientDir: string

const manifest = {
  'index.html': { file: 'assets/index-a1.js', isEntry: true, imports: ['_react-b2.js'] },
  '_react-b2.js': { file: 'assets/react-b2.js' },
  '_common-c3.js': { file: 'assets/common-c3.js', imports: ['_react-b2.js', 'index.html'] },
  'src/client/app/routes/public/calendar-page.tsx': {
    file: 'assets/calendar-page-d4.js',
    imports: ['_common-c3.js', 'index.html', '_react-b2.js'],
  },
  'src/client/app/routes/public/not-found-page.tsx': { file: 'assets/not-found-page-e5.js' },
  'src/client/app/routes/admin/admin-page.tsx': {
    file: 'assets/admin-page-f6.js',
    imports: ['_common-c3.js', '_admin-g7.js'],
  },
  '_admin-g7.js': { file: 'assets/admin-g7.js' },
}

beforeAll(() => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-spa-'))
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<html><head><title>x</title><!--site-config--><script type="module" src="/assets/index-a1.js"></script></head><body></body></html>',
  )
  fs.mkdirSync(path.join(clientDir, '.vite'))
  fs.writeFileSync(path.join(clientDir, '.vite/manifest.json'), JSON.stringify(manifest))
})
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }))

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1])

describe('SPA html', () => {
  it("modulepreloads the page's chunk and its imports, not what the entry already loads", async () => {
    const response = await spaRoutes(clientDir, defaultSiteConfig).request('/calendar')
    expect(response.headers.get('cache-control')).toBe('no-cache')
    const html = await response.text()
    expect(preloads(html)).toEqual(['/assets/calendar-page-d4.js', '/assets/common-c3.js'])
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'))
  })

  it('preloads admin chunks on admin paths only', async () => {
    const app = spaRoutes(clientDir, defaultSiteConfig)
    expect(preloads(await (await app.request('/admin/orders')).text())).toContain('/assets/admin-g7.js')
    for (const url of ['/', '/calendar', '/blog/x', '/no-such-page']) {
      expect(await (await app.request(url)).text()).not.toContain('admin')
    }
  })

  it('serves unknown paths the not-found page', async () => {
    const html = await (await spaRoutes(clientDir, defaultSiteConfig).request('/no/such/page')).text()
    expect(preloads(html)).toEqual(['/assets/not-found-page-e5.js'])
  })

  it('still serves the html without a manifest', async () => {
    fs.renameSync(path.join(clientDir, '.vite'), path.join(clientDir, '.vite-away'))
    try {
      const html = await (await spaRoutes(clientDir, defaultSiteConfig).request('/calendar')).text()
      expect(html).toContain('id="site-config"')
      expect(preloads(html)).toEqual([])
    } finally {
      fs.renameSync(path.join(clientDir, '.vite-away'), path.join(clientDir, '.vite'))
    }
  })
})

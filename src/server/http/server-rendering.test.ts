import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BLOG_PAGE_SIZE } from '#shared/blog-pages.ts'
import { formatDayDate } from '#shared/format.ts'
import { mailingMonthLabel } from '#shared/mailing-names.ts'
import type { PageQueryState } from '#shared/page-state.ts'
import type { ServerRenderer } from '#shared/server-renderer.ts'
import { blogPosts } from '../db/schema.ts'
import { buyAndPayDays, openMonthWithDays } from '../test/artwork-test-helpers.ts'
import { BUILT_CSS, builtClientFixture } from '../test/client-build-fixture.ts'
import { ADMIN, createTestApp, type TestApp } from '../test/test-app.ts'
import { fontFaceCss } from './spa.ts'

const CSS = BUILT_CSS

let t: TestApp
let client: ReturnType<typeof builtClientFixture>
let clientDir: string
// The client's sources, held to the contract the built file is loaded as.
const loadRenderer = (): Promise<ServerRenderer> => import('#client/entry-server.tsx')
const postIds: string[] = []
const POSTS = BLOG_PAGE_SIZE + 3

beforeAll(async () => {
  client = builtClientFixture()
  clientDir = client.dir
  t = await createTestApp({ pages: { clientDir, loadRenderer } })
  for (let i = 1; i <= POSTS; i++) {
    const [row] = await t.db
      .insert(blogPosts)
      .values({
        title: `Post number ${i}`,
        content: `Opening words of post ${i} <about> the town & more.\n\nSecond paragraph.`,
        author: 'Ann',
        isPublished: true,
        // Newest first: post 1 is the newest.
        publicationDate: `2025-${String(12 - Math.floor(i / 28)).padStart(2, '0')}-${String(28 - (i % 28)).padStart(2, '0')}`,
      })
      .returning({ id: blogPosts.id })
    if (row) postIds.push(row.id)
  }
  await t.db
    .insert(blogPosts)
    .values({ title: 'Secret draft', content: 'Not yet', author: 'Ann', isPublished: false })
}, 60_000)
afterAll(async () => {
  await t.close()
  client.remove()
})

async function page(url: string) {
  const response = await t.request(url, { headers: { accept: 'text/html' } })
  const html = await response.text()
  const root = html.slice(
    html.indexOf('<div id="root">'),
    html.indexOf('<script type="application/json" id="query-state"'),
  )
  const stateText = html.match(/<script type="application\/json" id="query-state">([^<]*)<\/script>/)?.[1]
  const state = stateText ? (JSON.parse(stateText) as PageQueryState) : undefined
  return {
    response,
    html,
    root,
    state,
    keys: (state?.queries.map((q) => JSON.stringify(q.queryKey)) ?? []).sort(),
  }
}

const PUBLIC_PAGES: [string, string][] = [
  ['/', 'Join the Waitlist'],
  ['/5k-example', 'Map Icon Pricing'],
  ['/calendar', 'Reserve Your Day'],
  ['/blog', 'Post number 1'],
  ['/about', '<h1'],
  ['/contact', '<h1'],
  ['/guarantee', '<h1'],
  ['/pricing', '<h1'],
  ['/non-profits', '<h1'],
  ['/special-purchase', '<h1'],
  ['/prior-work', '<h1'],
  ['/cart-checkout', '<h1'],
]

describe('server-rendered public pages', () => {
  it('renders controls as not yet usable and submit buttons disabled, until the browser hydrates', async () => {
    const { root } = await page('/contact')
    const submit = root.match(/<button type="submit"[^>]*>/)?.[0] ?? ''
    expect(submit).toContain('disabled=""')
    expect(root).toMatch(/<input [^>]*aria-disabled="true"/)
  })

  it('names the lazy parts it rendered, so the browser loads them before hydrating', async () => {
    expect((await page('/')).state?.lazyParts?.sort()).toEqual(
      ['calendar-section', 'map-example', 'page:HomePage', 'prior-work-carousels', 'site-footer'].sort(),
    )
    // The calendar also offers the map icons below the days.
    expect((await page('/calendar')).state?.lazyParts?.sort()).toEqual(
      ['calendar-map-icons', 'calendar-section', 'page:CalendarPage', 'site-footer'].sort(),
    )
    expect((await page('/about')).state?.lazyParts?.sort()).toEqual(['page:AboutPage', 'site-footer'].sort())
  })

  it.each(PUBLIC_PAGES)('%s carries its content, title, description and canonical URL', async (url, text) => {
    const { response, html, root, state } = await page(url)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    expect(root).toContain('<main')
    expect(root).toContain(text)
    expect(state).toBeDefined()
    // No inline script at all (CSP script-src 'self'): every Suspense boundary is complete in place.
    expect(root).not.toContain('<script')
    expect(root).not.toContain('<!--$?-->')
    expect(html).toMatch(/<title>[^<]+ \| Townflyer<\/title>/)
    expect(html).toContain(`<link rel="canonical" href="http://localhost:3000${url === '/' ? '/' : url}">`)
    expect(html).not.toContain('content="Advertise on the monthly community postcard."')
    // The heading font of the settings, as the browser applies it, so the headings never change font.
    expect(html).toContain(
      '<html lang="en" data-site-font="Neucha" style="--font-heading: &#34;Neucha&#34;, ui-sans-serif, system-ui, sans-serif">',
    )
    // Security headers still apply, and the CSP still forbids inline scripts (the state is data).
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'")
  })

  it('renders the calendar grid with the month the browser would open, from the dehydrated answers', async () => {
    const { root, keys, state } = await page('/calendar')
    expect(keys).toContain(JSON.stringify(['settings']))
    expect(keys).toContain(JSON.stringify(['calendar-days', 'available-months']))
    const month = state?.queries.find((q) => q.queryKey[1] === 'month')
    expect(month).toBeDefined()
    const days = (month?.state.data as { days: { date: string }[] } | undefined)?.days ?? []
    expect(days.length).toBeGreaterThan(27)
    expect(root).toContain('<table')
    expect(root).not.toContain('Loading calendar...')
  })

  it("renders the month a link asks for (?month=, as the e-mails' links do), with its close in words", async () => {
    await t.createAdmin()
    const { month } = await openMonthWithDays(t, await t.signIn(ADMIN), 20)
    const { root, state } = await page(`/calendar?month=${month}`)
    const shown = state?.queries.find((q) => q.queryKey[1] === 'month')
    expect(shown?.queryKey).toEqual(['calendar-days', 'month', month])
    const label = mailingMonthLabel(month)
    // The default sales close is the town's midnight: worded as the end of the day before.
    expect(root).toMatch(
      new RegExp(
        `Orders for the ${label} mailing close \\w+day, \\w+ \\d{1,2}, 11:59 PM \\(E[SD]T\\)\\. In homes by `,
      ),
    )
    // A month not for sale opens the calendar as without the link.
    const plain = await page('/calendar')
    const other = await page('/calendar?month=2019-01')
    expect(other.state?.queries.find((q) => q.queryKey[1] === 'month')?.queryKey).toEqual(
      plain.state?.queries.find((q) => q.queryKey[1] === 'month')?.queryKey,
    )
  })

  it('/5k-example carries the icon cards', async () => {
    const { root, keys } = await page('/5k-example')
    expect(keys).toContain(JSON.stringify(['map-icons', 'list']))
    expect(root).not.toContain('Loading map icons')
  })

  it('paginates the blog list with plain links, one canonical URL per page', async () => {
    const first = await page('/blog')
    expect(first.keys).toEqual(
      [JSON.stringify(['settings']), JSON.stringify(['blog-posts', 'page', 1])].sort(),
    )
    expect(first.root).toContain('Post number 1<')
    expect(first.root).toContain(`Post number ${BLOG_PAGE_SIZE}<`)
    expect(first.root).not.toContain(`Post number ${BLOG_PAGE_SIZE + 1}<`)
    expect(first.root).not.toContain('Secret draft')
    expect(first.root).toContain('href="/blog?page=2"')
    expect(first.root).not.toContain('Previous')

    const second = await page('/blog?page=2')
    expect(second.root).toContain(`Post number ${BLOG_PAGE_SIZE + 1}<`)
    expect(second.root).not.toContain('Post number 1<')
    expect(second.root).toMatch(/href="\/blog"[^>]*>Previous/)
    expect(second.root).not.toContain('>Next<')
    expect(second.html).toContain('<link rel="canonical" href="http://localhost:3000/blog?page=2">')
    expect(second.html).toContain('<title>Blog, page 2 | Townflyer</title>')
  })

  it('a blog post is indexable: its title, its opening words as the description, escaped', async () => {
    const id = postIds[0] as string
    const { response, html, root, keys } = await page(`/blog/${id}`)
    expect(response.status).toBe(200)
    expect(keys).toContain(JSON.stringify(['blog-posts', id]))
    expect(root).toContain('Post number 1</h1>')
    expect(html).toContain('<title>Post number 1 | Townflyer</title>')
    expect(html).toContain(
      '<meta name="description" content="Opening words of post 1 &#60;about&#62; the town &#38; more.',
    )
    expect(html).toContain(`<link rel="canonical" href="http://localhost:3000/blog/${id}">`)
    // '<' never appears raw inside the JSON block.
    const block = html.match(/id="query-state">([\s\S]*?)<\/script>/)?.[1] ?? ''
    expect(block).toContain('\\u003cabout>')
  })

  it('answers 404 with the not-found page for an unknown post or path, without a canonical URL', async () => {
    for (const url of ['/blog/00000000-0000-4000-8000-000000000000', '/no/such/page']) {
      const { response, html } = await page(url)
      expect(response.status).toBe(404)
      expect(html).toContain('id="query-state"')
      expect(html).not.toContain('rel="canonical"')
    }
  })

  it('inlines the stylesheet and starts the scripts after the first paint on rendered pages only', async () => {
    const rendered = (await page('/pricing')).html
    expect(rendered).toContain(`<style>${CSS}</style>`)
    expect(rendered).not.toContain('rel="stylesheet"')
    // The scripts start after the first paint (public/boot.js reads the list).
    expect(rendered).toContain(
      '<script type="application/json" id="page-modules">["/assets/index-a1.js"]</script>',
    )
    expect(rendered).toContain('<script type="module" src="/boot.js"></script>')
    expect(rendered).not.toContain('src="/assets/index-a1.js"')
    // Nothing paints before the whole page is parsed: a half-parsed header would move when the rest arrives.
    const head = rendered.slice(0, rendered.indexOf('</head>'))
    expect(head).toContain('<link rel="expect" href="#query-state" blocking="render">')
    // The element it waits for comes right after all of #root.
    expect(rendered).toMatch(/<\/footer>(<[^>]+>)*<\/div><script type="application\/json" id="query-state">/)
    const shell = (await page('/admin')).html
    expect(shell).toContain('<link rel="stylesheet" crossorigin href="/assets/index-b2.css">')
    expect(shell).toContain('<script type="module" crossorigin src="/assets/index-a1.js"></script>')
    expect(shell).not.toContain('boot.js')
    expect(shell).not.toContain('rel="expect"')
  })

  it('leaves admin, sign-in and per-visitor pages to the browser, and /api/* to the API', async () => {
    for (const url of ['/admin', '/auth', '/thank-you?session_id=x', '/checkout/abc']) {
      const { response, html } = await page(url)
      expect(response.status).toBe(200)
      expect(html).toContain('<div id="root"></div>')
      expect(html).not.toContain('id="query-state"')
    }
    const api = await t.request('/api/no-such-route')
    expect(api.status).toBe(404)
    expect(api.headers.get('content-type')).toContain('application/json')
  })

  it("renders a buyer's artwork page with its lines, kept by no cache and sending no referrer", async () => {
    await t.createAdmin()
    const { days } = await openMonthWithDays(t, await t.signIn(ADMIN))
    const [day] = days
    if (!day) throw new Error('no day')
    const { token } = await buyAndPayDays(t, [day.id], 'Rendered Bakery')
    const { response, html, root, keys } = await page(`/artwork/${token}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('referrer-policy')).toBe('no-referrer')
    expect(keys).toContain(JSON.stringify(['artwork-page', token]))
    expect(root).toContain('Your Artwork</h1>')
    expect(root).toContain('Rendered Bakery')
    expect(root).toContain(`Calendar day: ${formatDayDate(day.date)}`)
    expect(root).not.toContain('Loading your artwork page')
    expect(html).toContain('<title>Your Artwork | Townflyer</title>')
    expect(html).not.toContain('rel="canonical"')

    // Another page keeps the site's referrer policy.
    expect((await page('/about')).response.headers.get('referrer-policy')).toBe(
      'strict-origin-when-cross-origin',
    )
    // A link that names nothing is a 404, with the same headers; the browser shows its message.
    const unknown = await page('/artwork/not-a-valid-artwork-token-000')
    expect(unknown.response.status).toBe(404)
    expect(unknown.response.headers.get('cache-control')).toBe('no-store')
    expect(unknown.response.headers.get('referrer-policy')).toBe('no-referrer')
    expect(unknown.root).toContain('Loading your artwork page')
  })

  it("sends an offer's page (a secret link, rendered in the browser) kept by no cache, with no referrer, unindexed", async () => {
    const response = await t.request('/offers/an-offer-token-from-an-e-mail-000')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('referrer-policy')).toBe('no-referrer')
    expect(response.headers.get('x-robots-tag')).toBe('noindex')
    // The account page renders in the browser too, but its URL holds nothing secret.
    expect((await t.request('/account')).headers.get('x-robots-tag')).toBeNull()
  })

  it('sends the HTML compressed when the browser accepts it', async () => {
    const response = await t.request('/blog', { headers: { 'accept-encoding': 'gzip, br' } })
    expect(response.headers.get('content-encoding')).toBe('br')
    expect(response.headers.get('vary')).toContain('Accept-Encoding')
  })

  it('serves the shell when the renderer fails, and the loading states when the API fails', async () => {
    const broken = await createTestApp({
      database: t.database,
      pages: { clientDir, loadRenderer: () => Promise.reject(new Error('renderer missing')) },
    })
    const shell = await broken.app.request('http://localhost:3000/calendar')
    expect(shell.status).toBe(200)
    expect(await shell.text()).toContain('<div id="root"></div>')

    const { renderPage } = await loadRenderer()
    const rendered = await renderPage({
      url: '/calendar',
      site: t.deps.config.site,
      fetchApi: async () => new Response('{"error":{"code":"unavailable"}}', { status: 503 }),
    })
    expect(rendered.status).toBe(200)
    expect(rendered.html).toContain('Reserve Your Day')
    expect(rendered.html).toContain('Loading calendar...')
    expect(rendered.queryState.queries).toEqual([])
  })
})

describe('fontFaceCss', () => {
  it("finds each heading font's stylesheets in the manifest, whatever the path to node_modules", () => {
    const manifest = {
      '../main/node_modules/@fontsource/neucha/latin-400.css': { file: 'assets/latin-400-a.css' },
      'node_modules/@fontsource/playfair-display/latin-400.css': { file: 'assets/latin-400-b.css' },
      'node_modules/@fontsource/playfair-display/latin-700.css': { file: 'assets/latin-700-c.css' },
      'node_modules/@fontsource/neucha/files/neucha-latin-400-normal.woff2': { file: 'assets/n.woff2' },
    }
    const faces = fontFaceCss(manifest, (file) => `/*${file}*/`)
    expect(faces.get('Neucha')).toBe('/*/assets/latin-400-a.css*/')
    expect(faces.get('Playfair Display')).toBe('/*/assets/latin-400-b.css*//*/assets/latin-700-c.css*/')
    expect(faces.has('Poppins')).toBe(false)
  })

  it('inlines the faces with font-display: optional, so a late font file never moves painted headings', () => {
    const manifest = { 'node_modules/@fontsource/neucha/latin-400.css': { file: 'assets/latin-400-a.css' } }
    const css = "@font-face{font-family:'Neucha';font-display:swap;src:url(/assets/n.woff2) format('woff2')}"
    expect(fontFaceCss(manifest, () => css).get('Neucha')).toBe(
      "@font-face{font-family:'Neucha';font-display:optional;src:url(/assets/n.woff2) format('woff2')}",
    )
  })
})

describe('sitemap.xml', () => {
  it('lists the static pages, /calendar, /blog and every published post with absolute URLs', async () => {
    const response = await t.request('/sitemap.xml')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('application/xml')
    const xml = await response.text()
    for (const url of ['/', '/calendar', '/blog', '/about', '/pricing', '/5k-example'])
      expect(xml).toContain(`<loc>http://localhost:3000${url}</loc>`)
    for (const id of postIds) expect(xml).toContain(`<loc>http://localhost:3000/blog/${id}</loc>`)
    expect(xml.match(/<url>/g)?.length).toBe(11 + POSTS)
    expect(xml).not.toContain('/admin')
  })
})

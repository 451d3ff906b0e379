import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { CalendarMonthResponse } from '#shared/dto.ts'
import type { PageQueryState } from '#shared/page-state.ts'
import type { RenderPageInput, ServerRenderer } from '#shared/server-renderer.ts'
import { mapIcons, mediaItems } from '../db/schema.ts'
import { buyAndPayDays } from '../test/artwork-test-helpers.ts'
import { builtClientFixture } from '../test/client-build-fixture.ts'
import { ADMIN, createTestApp, MEMBER, TEST_ORIGIN, type TestApp } from '../test/test-app.ts'

/**
 * The render cache of the public pages (page-cache.ts): every visitor gets the same bytes, the page is
 * rendered again once the catalogue version (any write of what a page shows, whichever way it was made)
 * or the town's date changes, and nothing private, failed or missing is kept.
 */
let t: TestApp
let client: ReturnType<typeof builtClientFixture>
let adminCookie: string
/** The URLs the renderer was asked for, in order. */
const renders: string[] = []
let isApiDown = false
const cookiesSeen: string[] = []

const source = (): Promise<ServerRenderer> => import('#client/entry-server.tsx')
const loadRenderer = async (): Promise<ServerRenderer> => {
  const renderer = await source()
  return {
    renderPage: (input: RenderPageInput) => {
      renders.push(input.url)
      return renderer.renderPage({
        ...input,
        fetchApi: (path, init) => {
          const cookie = new Headers(init.headers).get('cookie')
          if (cookie) cookiesSeen.push(cookie)
          return isApiDown
            ? Promise.resolve(new Response('{"error":{"code":"unavailable"}}', { status: 503 }))
            : input.fetchApi(path, init)
        },
      })
    },
  }
}

beforeAll(async () => {
  client = builtClientFixture()
  t = await createTestApp({ pages: { clientDir: client.dir, loadRenderer } })
  await t.createAdmin()
  adminCookie = await t.signIn(ADMIN)
}, 60_000)
afterAll(async () => {
  await t.close()
  client.remove()
})
afterEach(() => {
  isApiDown = false
  vi.useRealTimers()
  expect(cookiesSeen).toEqual([])
})

async function get(url: string, headers: Record<string, string> = {}, app = t) {
  const response = await app.request(url, { headers })
  const html = await response.text()
  const stateText = html.match(/<script type="application\/json" id="query-state">([^<]*)<\/script>/)?.[1]
  return { response, html, state: stateText ? (JSON.parse(stateText) as PageQueryState) : undefined }
}

/** How many pages the renderer made while `run` ran. */
async function rendersDuring(run: () => Promise<unknown>): Promise<number> {
  const before = renders.length
  await run()
  return renders.length - before
}

/** The month the calendar page shows, from the answers it carries. */
function shownMonth(state: PageQueryState | undefined): CalendarMonthResponse {
  const month = state?.queries.find((q) => q.queryKey[0] === 'calendar-days' && q.queryKey[1] === 'month')
  if (!month) throw new Error('the page carries no calendar month')
  return month.state.data as CalendarMonthResponse
}

/** Asserts `url` is kept now: asked again, it is not rendered, and it is the same bytes. */
async function expectKept(url: string) {
  const first = await get(url)
  let again: Awaited<ReturnType<typeof get>> | undefined
  expect(
    await rendersDuring(async () => {
      again = await get(url)
    }),
    `${url} kept`,
  ).toBe(0)
  expect(again?.html).toBe(first.html)
  return first
}

describe('the render cache of the public pages', () => {
  it('gives two visitors the same bytes, rendered once, with an ETag that revalidates', async () => {
    for (const url of ['/', '/calendar', '/blog', '/5k-example', '/about']) {
      let first: Awaited<ReturnType<typeof get>> | undefined
      let second: Awaited<ReturnType<typeof get>> | undefined
      const count = await rendersDuring(async () => {
        first = await get(url)
        second = await get(url)
      })
      expect(count, url).toBe(1)
      expect(first?.response.status).toBe(200)
      expect(second?.html).toBe(first?.html)
      expect(second?.response.headers.get('content-type')).toBe('text/html; charset=UTF-8')
      expect(second?.response.headers.get('cache-control')).toBe('no-cache')
      const etag = second?.response.headers.get('etag') ?? ''
      expect(etag).toMatch(/^"[\w-]+"$/)
      const revalidated = await t.request(url, { headers: { 'if-none-match': etag } })
      expect(revalidated.status).toBe(304)
    }
  })

  it('renders a page once for visitors asking at the same moment', async () => {
    let pages: string[] = []
    const count = await rendersDuring(async () => {
      pages = await Promise.all(Array.from({ length: 8 }, () => get('/pricing').then((p) => p.html)))
    })
    expect(count).toBe(1)
    expect(new Set(pages).size).toBe(1)
  })

  it('gives a signed-in administrator, or any session, the very bytes of an anonymous visitor', async () => {
    await t.createMember()
    const memberCookie = await t.signIn(MEMBER)
    // First asked for by the administrator: what is kept is what anyone gets.
    let admin: Awaited<ReturnType<typeof get>> | undefined
    expect(
      await rendersDuring(async () => {
        admin = await get('/guarantee', { cookie: adminCookie })
      }),
    ).toBe(1)
    const anonymous = await expectKept('/guarantee')
    expect(anonymous.html).toBe(admin?.html)
    for (const cookie of [memberCookie, 'better-auth.session_token=not-a-session', adminCookie]) {
      let page: Awaited<ReturnType<typeof get>> | undefined
      expect(await rendersDuring(async () => (page = await get('/guarantee', { cookie })))).toBe(0)
      expect(page?.html).toBe(anonymous.html)
    }
    expect(anonymous.html).not.toContain(ADMIN.email)
    // (afterEach: the renderer's API requests never carried a cookie.)
  })

  it('keeps a page per origin: its canonical URL names the origin it was asked on', async () => {
    const own = await get('/contact')
    const other = await t.app.request('http://other.example/contact')
    expect(await other.text()).toContain('<link rel="canonical" href="http://other.example/contact">')
    expect(own.html).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/contact">`)
    expect((await expectKept('/contact')).html).toBe(own.html)
  })

  it('renders again when a day is sold, and after a price changes', async () => {
    const before = await expectKept('/calendar')
    const [day, other] = shownMonth(before.state).days.filter((d) => d.status === 'available')
    if (!day || !other) throw new Error('no available day shown')

    await buyAndPayDays(t, [day.id], 'Page Cache Bakery')
    const sold = await get('/calendar')
    expect(shownMonth(sold.state).days.find((d) => d.id === day.id)?.status).not.toBe('available')
    expect(sold.html).toContain('Page Cache Bakery')
    await expectKept('/calendar')

    const repriced = await t.request('/api/admin/calendar-days/bulk-price', {
      method: 'POST',
      cookie: adminCookie,
      json: { ids: [other.id], price: 345 },
    })
    expect(repriced.status).toBe(200)
    const after = await get('/calendar')
    expect(shownMonth(after.state).days.find((d) => d.id === other.id)?.price).toBe(345)
    expect(after.html).toContain('$345')
  })

  it('renders again when a post is published', async () => {
    await expectKept('/blog')
    const created = await t.request('/api/admin/blog-posts', {
      method: 'POST',
      cookie: adminCookie,
      json: { title: 'Fresh from the render cache', content: 'News.', isPublished: true },
    })
    expect(created.status).toBe(201)
    expect((await get('/blog')).html).toContain('Fresh from the render cache')
  })

  it('renders again when the heading font changes, and when a media item is added', async () => {
    expect((await expectKept('/about')).html).toContain('data-site-font="Neucha"')
    const font = await t.request('/api/settings/font', {
      method: 'PUT',
      cookie: adminCookie,
      json: { font: 'Poppins' },
    })
    expect(font.status).toBe(200)
    expect((await get('/about')).html).toContain('data-site-font="Poppins"')

    const priorWork = await expectKept('/prior-work')
    await t.db.insert(mediaItems).values({
      id: 'postcard_front/1-cache-test.png',
      type: 'postcard_front',
      title: 'Cache test postcard',
      contentType: 'image/png',
      sizeBytes: 10,
    })
    const after = await get('/prior-work')
    expect(after.html).not.toBe(priorWork.html)
    expect(after.html).toContain('/media/postcard_front/1-cache-test.png')
  })

  it('renders again after a write made outside the app (plain SQL, another instance)', async () => {
    const before = await expectKept('/5k-example')
    const [icon] = await t.db.select().from(mapIcons).limit(1)
    if (!icon) throw new Error('no icon')
    await t.db.update(mapIcons).set({ priceCents: 98_700 }).where(eq(mapIcons.id, icon.id))
    const after = await get('/5k-example')
    expect(after.html).not.toBe(before.html)
    expect(after.html).toContain('$987')
  })

  it("renders again at the town's midnight: days turn past without a write", async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    // 23:59:30 on June 14 in the town (America/New_York); in UTC it is already June 15.
    vi.setSystemTime(new Date('2026-06-15T03:59:30Z'))
    const evening = await get('/calendar')
    expect(shownMonth(evening.state).today).toBe('2026-06-14')
    await expectKept('/calendar')
    vi.setSystemTime(new Date('2026-06-15T04:00:30Z'))
    let morning: Awaited<ReturnType<typeof get>> | undefined
    expect(await rendersDuring(async () => (morning = await get('/calendar')))).toBe(1)
    expect(shownMonth(morning?.state).today).toBe('2026-06-15')
  })

  it('carries nothing of the request: a page rendered again for an unrelated change is the same bytes', async () => {
    const before = await expectKept('/non-profits')
    const [icon] = await t.db.select().from(mapIcons).limit(1)
    if (!icon) throw new Error('no icon')
    await t.db
      .update(mapIcons)
      .set({ name: `${icon.name} ` })
      .where(eq(mapIcons.id, icon.id))
    let after: Awaited<ReturnType<typeof get>> | undefined
    expect(
      await rendersDuring(async () => (after = await get('/non-profits', { 'x-request-id': 'other-id' }))),
    ).toBe(1)
    expect(after?.html).toBe(before.html)
    expect(after?.response.headers.get('etag')).toBe(before.response.headers.get('etag'))
  })

  it('keeps no 404, no page whose data failed, and nothing with READ_CACHE=off', async () => {
    expect(await rendersDuring(() => get('/no/such/page').then(() => get('/no/such/page')))).toBe(2)

    isApiDown = true
    const degraded = await get('/blog?page=2')
    expect(degraded.state?.queries).toEqual([])
    isApiDown = false
    expect(await rendersDuring(() => get('/blog?page=2'))).toBe(1)
    await expectKept('/blog?page=2')

    // Its own database: the read cache, whose version the pages follow, is one per database.
    const uncached = await createTestApp({
      env: { READ_CACHE: 'off' },
      pages: { clientDir: client.dir, loadRenderer },
    })
    try {
      const twice = () => get('/about', {}, uncached).then(() => get('/about', {}, uncached))
      expect(await rendersDuring(twice)).toBe(2)
    } finally {
      await uncached.close()
    }
  })

  it("never keeps a buyer's artwork page", async () => {
    const [day] = shownMonth((await get('/calendar')).state).days.filter((d) => d.status === 'available')
    if (!day) throw new Error('no available day shown')
    const { token } = await buyAndPayDays(t, [day.id], 'Private Bakery')
    let pages: Awaited<ReturnType<typeof get>>[] = []
    expect(
      await rendersDuring(async () => {
        pages = [await get(`/artwork/${token}`), await get(`/artwork/${token}`)]
      }),
    ).toBe(2)
    for (const { response, html } of pages) {
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(response.headers.get('referrer-policy')).toBe('no-referrer')
      expect(response.headers.get('etag')).toBeNull()
      expect(html).toContain('Private Bakery')
    }
  })
})

import { randomUUID } from 'node:crypto'
import { expect } from '@playwright/test'
import type { OrdersBySessionResponse } from '#shared/checkout.ts'
import { formatDayDate } from '#shared/format.ts'
import { test } from './fixtures.ts'
import { claimDay, createPost } from './storefront-helpers.ts'

// Decision 014: public pages arrive with their content in the HTML and hydrate from the data
// that came with it.

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test('the calendar, the blog and a post are in the HTML itself', async ({ page, baseURL }) => {
    const title = `Rendered on the server ${randomUUID().slice(0, 8)}`
    const post = await createPost(page, baseURL ?? '', {
      title,
      content: 'First paragraph of the post.\n\nSecond paragraph.',
      isPublished: true,
    })

    await page.goto('/calendar')
    await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible()
    await expect(page.getByRole('button', { name: / — \$\d+/ }).first()).toBeVisible()

    await page.goto('/blog')
    await expect(page.getByRole('heading', { name: title })).toBeVisible()

    await page.goto(`/blog/${post.id}`)
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page.getByText('Second paragraph.')).toBeVisible()
    await expect(page).toHaveTitle(new RegExp(`^${title} \\| `))
  })

  test("a buyer's artwork page shows the lines bought, private to its link", async ({ page, baseURL }) => {
    const { day } = await claimDay(page, 'take', 'any')
    const businessName = `Artwork Rendered ${randomUUID().slice(0, 8)}`
    const headers = { origin: baseURL ?? '' }
    const created = await page.request.post('/api/functions/create-cart-checkout-session', {
      headers,
      data: {
        businessName,
        email: 'artwork-ssr@example.com',
        calendarDayIds: [day.id],
        mapIconId: null,
        discount: 0,
      },
    })
    expect(created.ok()).toBe(true)
    const sessionId = ((await created.json()) as { sessionUrl: string }).sessionUrl.split('/').pop() ?? ''
    expect((await page.request.post(`/pay/${sessionId}/complete`, { headers })).ok()).toBe(true)
    const orders = await page.request.post('/api/functions/get-orders-by-session', {
      headers,
      data: { sessionId },
    })
    const { artwork } = (await orders.json()) as OrdersBySessionResponse
    if (!artwork) throw new Error('the paid checkout has no artwork link')

    const response = await page.goto(artwork.path)
    expect(response?.headers()['cache-control']).toBe('no-store')
    expect(response?.headers()['referrer-policy']).toBe('no-referrer')
    await expect(page.getByRole('heading', { level: 1, name: 'Your Artwork' })).toBeVisible()
    await expect(page.getByText(businessName)).toBeVisible()
    const line = `Calendar day: ${formatDayDate(day.date)}`
    await expect(page.getByRole('heading', { level: 3, name: line })).toBeVisible()
    await expect(page.getByText('Missing', { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: `Upload a file for ${line}` })).toBeDisabled()
    await expect(page).toHaveTitle(/^Your Artwork \| /)
  })

  test('a form cannot submit itself before the page works: its submit button is disabled', async ({
    page,
  }) => {
    // Pressed, or Enter in a field, the browser would send the form as a GET with the fields in the URL.
    await page.goto('/contact')
    await expect(page.getByRole('button', { name: 'Inquire' })).toBeDisabled()
    await page.goto('/special-purchase')
    await expect(page.getByRole('button', { name: 'Proceed to Payment' })).toBeDisabled()
  })
})

test('a server-rendered page hydrates without asking again for what it shows', async ({ page }) => {
  const requested: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/api/')) requested.push(url.pathname + url.search)
  })
  for (const path of ['/calendar', '/blog', '/']) {
    requested.length = 0
    await page.goto(path)
    // The session check is the one request every page makes once it runs: by then the queries of the
    // hydrated page have mounted, and any of them without data would have been requested with it.
    await expect.poll(() => requested.includes('/api/me'), { message: path }).toBe(true)
    expect(
      requested.filter((url) => /^\/api\/(settings|calendar-days|blog-posts)/.test(url)),
      path,
    ).toEqual([])
  }
})

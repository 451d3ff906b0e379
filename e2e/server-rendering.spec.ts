import { randomUUID } from 'node:crypto'
import { expect } from '@playwright/test'
import { test } from './fixtures.ts'
import { createPost } from './storefront-helpers.ts'

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

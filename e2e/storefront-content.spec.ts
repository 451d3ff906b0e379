import { randomUUID } from 'node:crypto'
import { expect, type Page } from '@playwright/test'
import { blogPreview } from '#shared/blog-preview.ts'
import { expectNoAxeViolations, test, toastText } from './fixtures.ts'
import { createPost, expectNoHorizontalScroll } from './storefront-helpers.ts'

/** Waits until every 'Loading …' spinner of the page is gone. */
async function waitForContent(page: Page) {
  await expect(page.getByText(/^Loading .*\.\.\.$/)).toHaveCount(0)
}

test('the blog lists published posts with a preview, and a post shows its paragraphs', async ({
  page,
  baseURL,
}) => {
  const tag = randomUUID().slice(0, 8)
  const firstParagraph = `Our ${tag} autumn mailing reaches every home in town. `.repeat(5).trim()
  const content = `${firstParagraph}\nSecond paragraph ${tag}.\n\nThird paragraph ${tag}.`
  const published = await createPost(page, baseURL ?? '', {
    title: `Autumn news ${tag}`,
    content,
    author: `Writer ${tag}`,
    isPublished: true,
  })
  const draft = await createPost(page, baseURL ?? '', {
    title: `Draft notes ${tag}`,
    content: 'Not ready yet.',
    isPublished: false,
  })

  await page.goto('/blog')
  await expect(page.getByRole('heading', { level: 1, name: 'Blog', exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { name: published.title })).toBeVisible()
  await expect(page.getByRole('heading', { name: draft.title })).toHaveCount(0)
  expect(firstParagraph.length).toBeGreaterThan(150)
  const preview = blogPreview(content)
  expect(preview.endsWith('...')).toBe(true)
  await expect(page.getByText(preview, { exact: true })).toBeVisible()
  await expect(page.getByText(`Writer ${tag}`, { exact: true })).toBeVisible()
  await expectNoAxeViolations(page)

  await page.getByRole('link', { name: `Read More about ${published.title}` }).click()
  await expect(page).toHaveURL(`/blog/${published.id}`)
  await expect(page.getByRole('heading', { level: 1, name: published.title })).toBeVisible()
  const main = page.getByRole('main')
  await expect(main.getByText(firstParagraph, { exact: true })).toBeVisible()
  await expect(main.getByText(`Second paragraph ${tag}.`, { exact: true })).toBeVisible()
  await expect(main.getByText(`Third paragraph ${tag}.`, { exact: true })).toBeVisible()
  await expect(main.getByText(`Writer ${tag}`, { exact: true })).toBeVisible()
  await expectNoAxeViolations(page)

  await page.getByRole('link', { name: 'Back to Blog' }).click()
  await expect(page).toHaveURL('/blog')

  // A draft is not public, and neither is an id nobody used.
  await page.goto(`/blog/${draft.id}`)
  await expect(page.getByText('Blog post not found.', { exact: true })).toBeVisible()
  await page.goto('/blog/00000000-0000-0000-0000-000000000000')
  await expect(page.getByText('Blog post not found.', { exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to Blog' })).toBeVisible()
})

test('the waitlist on / opens, submits to the server and thanks the visitor', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByLabel('Email')).toHaveCount(0)
  await page.getByRole('button', { name: 'Join Waitlist' }).click()
  await expect(page.getByRole('button', { name: 'Collapse Waitlist' })).toHaveAttribute(
    'aria-expanded',
    'true',
  )

  // Both required fields are checked before anything is sent.
  await page.getByRole('button', { name: 'Join Waitlist' }).click()
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible()
  await expect(page.getByText('Please enter your name.')).toBeVisible()

  const email = `waitlist-${randomUUID()}@example.com`
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Name', { exact: true }).fill('Pat Baker')
  await page.getByLabel('Business Name (optional)').fill('Corner Bakery')
  const response = page.waitForResponse(
    (r) => r.url().endsWith('/api/inquiries') && r.request().method() === 'POST',
  )
  await page.getByRole('button', { name: 'Join Waitlist' }).click()
  expect((await response).status()).toBe(201)
  await expect(toastText(page, "Thank You! You've been added to our waitlist.")).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveValue('')
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('')
  await expectNoAxeViolations(page)

  await page.getByRole('button', { name: 'Collapse Waitlist' }).click()
  await expect(page.getByLabel('Email')).toHaveCount(0)
})

test('the mailing list on /contact submits to the server and thanks the visitor', async ({ page }) => {
  await page.goto('/contact')
  await expect(page.getByRole('heading', { name: 'Stay in The Loop!' })).toBeVisible()
  await page.getByRole('button', { name: 'Inquire' }).click()
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible()

  await page.getByLabel('Email').fill(`mailing-${randomUUID()}@example.com`)
  await page.getByLabel('Name/Business').fill('Main Street Florist')
  const response = page.waitForResponse(
    (r) => r.url().endsWith('/api/inquiries') && r.request().method() === 'POST',
  )
  await page.getByRole('button', { name: 'Inquire' }).click()
  expect((await response).status()).toBe(201)
  await expect(toastText(page, 'Thank You!')).toBeVisible()
  await expect(toastText(page, "We've received your inquiry and will get back to you soon.")).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveValue('')
  await expect(page.getByLabel('Name/Business')).toHaveValue('')
  await expectNoAxeViolations(page)
})

test('/5k-example: the e-mail waitlist stores the address and thanks, View Calendar scrolls, the cart button counts', async ({
  page,
}) => {
  const inquiryRequests: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/inquiries')) inquiryRequests.push(request.url())
  })
  await page.goto('/5k-example')
  await expect(page.getByRole('heading', { level: 1, name: 'Reach 5,000 Local Homes' })).toBeVisible()

  await page.getByLabel('Email').fill(`five-k-${randomUUID()}@example.com`)
  await page.getByRole('button', { name: 'Join Waitlist' }).click()
  await expect(toastText(page, "Thank you! You've been added to our waitlist.")).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveValue('')
  // Decision 010: the address is stored, not dropped.
  expect(inquiryRequests).toHaveLength(1)

  const pricing = page.getByRole('region', { name: 'Calendar Pricing' })
  await expect(pricing).not.toBeInViewport()
  await page.getByRole('button', { name: 'View Calendar' }).click()
  await expect(pricing).toBeInViewport()

  const cartButton = page.getByRole('main').getByRole('link', { name: 'Shopping Cart' })
  await expect(cartButton).toHaveAttribute('href', '/cart-checkout')
  await page.getByRole('button', { name: 'Reserve' }).first().click()
  await expect(page.getByRole('main').getByRole('link', { name: 'View Cart (1)' })).toBeVisible()
  await page.getByRole('main').getByRole('link', { name: 'View Cart (1)' }).click()
  await expect(page).toHaveURL('/cart-checkout')
})

test('special purchase: total at $1 per unit and the validation toasts in order', async ({ page }) => {
  await page.goto('/special-purchase')
  const total = page.getByRole('status', { name: 'Total' })
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' })
  await expect(total).toHaveText('$1.00')
  await expect(page.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled()
  await page.getByRole('button', { name: 'Increase quantity' }).click()
  await page.getByRole('button', { name: 'Increase quantity' }).click()
  await expect(quantity).toHaveValue('3')
  await expect(total).toHaveText('$3.00')
  await page.getByRole('button', { name: 'Decrease quantity' }).click()
  await expect(total).toHaveText('$2.00')

  // An empty box falls back to 1 unit; 0 units is refused.
  await quantity.fill('')
  await expect(total).toHaveText('$1.00')
  await quantity.fill('0')
  await page.getByRole('button', { name: 'Proceed to Payment' }).click()
  await expect(toastText(page, 'Invalid quantity')).toBeVisible()
  await expect(toastText(page, 'Please select at least 1 unit')).toBeVisible()

  await quantity.fill('3')
  await expect(total).toHaveText('$3.00')
  await page.getByRole('button', { name: 'Proceed to Payment' }).click()
  await expect(toastText(page, 'Business Name Required')).toBeVisible()
  await expect(toastText(page, 'Please provide your business name')).toBeVisible()

  await page.getByLabel('Business Name').fill('Corner Bakery')
  await page.getByLabel('Email').fill('not-an-email')
  await page.getByRole('button', { name: 'Proceed to Payment' }).click()
  await expect(toastText(page, 'Valid Email Required')).toBeVisible()
  await expect(toastText(page, 'Please provide a valid email address')).toBeVisible()

  // A valid form goes to the payment page with the server's own total.
  await page.getByLabel('Email').fill('owner@bakery.example')
  await page.getByRole('button', { name: 'Proceed to Payment' }).click()
  await expect(page).toHaveURL(/\/pay\/cs_local_/)
  await expect(page.getByText('TEST MODE')).toBeVisible()
  await expect(page.getByRole('row', { name: /Total/ })).toContainText('$3')
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Cancel' }).click()
  // Cancel returns to the page the checkout started from.
  await expect(page).toHaveURL('/special-purchase')
})

test('prior work shows an empty message per carousel and no arrows', async ({ page }) => {
  await page.goto('/prior-work')
  await expect(page.getByRole('heading', { level: 1, name: 'Prior Work' })).toBeVisible()
  await expect(page.getByText('No postcard front examples yet. Check back soon.')).toBeVisible()
  await expect(page.getByText('No postcard back examples yet. Check back soon.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Next slide' })).toHaveCount(0)
  await expectNoAxeViolations(page)
})

test('a prior work carousel has arrows above two images and shows two per row from 768 px', async ({
  page,
}) => {
  // Stand-in until the admin media upload exists: three front images from the list endpoint.
  await page.route('**/api/media?type=postcard_front*', (route) =>
    route.fulfill({
      json: {
        items: [1, 2, 3].map((i) => ({
          id: `postcard_front/${i}-card.png`,
          type: 'postcard_front',
          title: `Front example ${i}`,
          url: '/favicon.svg',
          uploadedAt: new Date().toISOString(),
        })),
      },
    }),
  )
  // The server renders /prior-work with the real (empty) lists; the stand-in answers the browser's own
  // request, which a client-side navigation from a page without them makes.
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/about')
  await page.getByRole('link', { name: 'Prior Work' }).click()
  const front = page.getByRole('region', { name: 'Postcard front examples' })
  const slide = (n: number) => front.getByRole('group', { name: `${n} of 3` })
  await expect(front.getByRole('img', { name: 'Front example 1' })).toBeVisible()
  await expect(slide(1)).toBeInViewport()
  await expect(slide(2)).toBeInViewport()
  await expect(slide(3)).not.toBeInViewport()
  await expect(front.getByRole('button', { name: 'Previous slide' })).toBeDisabled()
  await front.getByRole('button', { name: 'Next slide' }).click()
  await expect(slide(3)).toBeInViewport()
  await expect(front.getByRole('button', { name: 'Next slide' })).toBeDisabled()
  // The back carousel is still empty and has no arrows of its own.
  await expect(page.getByText('No postcard back examples yet. Check back soon.')).toBeVisible()
  await expectNoAxeViolations(page)

  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto('/about')
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('link', { name: 'Prior Work' }).click()
  await expect(slide(1)).toBeInViewport()
  await expect(slide(2)).not.toBeInViewport()
  await expectNoHorizontalScroll(page)
})

test('the home page shows the map example placeholder, the logo note and the prior work', async ({
  page,
}) => {
  await page.goto('/')
  await expect(page.getByText('Map example coming soon! Check back later.')).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'hello@townflyer.example' })).toHaveAttribute(
    'href',
    'mailto:hello@townflyer.example',
  )
  await expect(page.getByRole('heading', { level: 3, name: 'Postcard Front' })).toBeVisible()
  await waitForContent(page)
  await expectNoAxeViolations(page)
  await page.goto('/5k-example')
  await waitForContent(page)
  await expectNoAxeViolations(page)
})

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('content pages have no horizontal scroll', async ({ page }) => {
    for (const path of ['/', '/5k-example', '/blog', '/contact', '/special-purchase', '/prior-work']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await waitForContent(page)
      await expectNoHorizontalScroll(page)
    }
  })
})

test('headings use the server font; the local cache only paints first, and other fonts are not downloaded', async ({
  page,
}) => {
  const fontRequests: string[] = []
  page.on('request', (request) => {
    if (/\.(woff2?|css)(\?|$)/.test(request.url())) fontRequests.push(request.url())
  })
  // A stale cache says Poppins; the server setting (Neucha, the default) wins once it is known.
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('site-font', 'Poppins')
      sessionStorage.setItem('seeded', '1')
    }
  })
  await page.goto('/blog')
  const heading = page.getByRole('heading', { level: 1, name: 'Blog' })
  await expect(heading).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('data-site-font', 'Neucha')
  await expect(heading).toHaveCSS('font-family', /^"?Neucha"?,/)
  expect(await page.evaluate(() => localStorage.getItem('site-font'))).toBe('Neucha')

  fontRequests.length = 0
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('data-site-font', 'Neucha')
  await expect
    .poll(() => fontRequests.some((url) => /neucha-latin-400-normal[^/]*\.woff2/.test(url)))
    .toBe(true)
  // The server-rendered page carries Neucha's faces inline (font-display: optional, so a late file never moves
  // the headings): its stylesheet is not fetched again, only its file; no other font's stylesheet or file is.
  expect(fontRequests.filter((url) => /\/latin-\d{3}-[^/]*\.css/.test(url))).toEqual([])
  expect(
    fontRequests.filter((url) => /poppins|playfair|roboto-slab|comic-neue|dancing-script/.test(url)),
  ).toEqual([])
})

import { randomUUID } from 'node:crypto'
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test'
import { extractText, getDocumentProxy } from 'unpdf'
import type { BookAgainDto } from '#shared/account.ts'
import { ACCOUNT_TEXTS, formatMonthDayYear, mailingHeadingText } from '#shared/account-texts.ts'
import type { CalendarDayDto } from '#shared/dto.ts'
import { formatDayDate, formatPrice } from '#shared/format.ts'
import { LINK_FORM_TEXTS } from '#shared/short-link-texts.ts'
import { LINK_QUESTION, scansText } from '#shared/short-links.ts'
import { E2E_ADMIN, test } from './fixtures.ts'
import { mailTo, signInLinkFor } from './mail-capture.ts'
import { claimDays, expectCleanAtBothWidths, PHONE } from './storefront-helpers.ts'

/**
 * The advertiser's account (/account): a sign-in link requested on the page, read from the e-mail the
 * storefront server sent over SMTP (e2e/mail-capture.ts), and opened as the buyer would.
 */

/** A purchase through the storefront's cart checkout, paid on the local test checkout. */
async function buyThroughCheckout(
  request: APIRequestContext,
  baseURL: string,
  buyer: { businessName: string; email: string },
  day: CalendarDayDto,
) {
  const headers = { origin: baseURL }
  const created = await request.post('/api/functions/create-cart-checkout-session', {
    headers,
    data: { ...buyer, calendarDayIds: [day.id], mapIconId: null, discount: 0 },
  })
  expect(created.ok(), await created.text()).toBe(true)
  const sessionId = ((await created.json()) as { sessionUrl: string }).sessionUrl.split('/').pop() ?? ''
  expect((await request.post(`/pay/${sessionId}/complete`, { headers })).ok()).toBe(true)
}

/** A manual order the administrator records as paid, through the admin API, in a session of its own. */
async function recordManualOrder(
  playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } },
  baseURL: string,
  order: { businessName: string; email: string; dayId: string; amountCents: number },
) {
  const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } })
  try {
    expect((await admin.post('/api/auth/sign-in/email', { data: E2E_ADMIN })).ok()).toBe(true)
    const created = await admin.post('/api/admin/manual-orders', { data: { ...order, status: 'paid' } })
    expect(created.status(), await created.text()).toBe(201)
  } finally {
    await admin.dispose()
  }
}

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: ACCOUNT_TEXTS.title })

/** Asks for a link with the keyboard alone: type the address, Enter. */
async function requestLink(page: Page, email: string) {
  const field = page.getByLabel(ACCOUNT_TEXTS.emailLabel)
  await field.focus()
  await page.keyboard.type(email)
  await page.keyboard.press('Enter')
  const status = page.getByRole('status').filter({ hasText: ACCOUNT_TEXTS.linkSent })
  await expect(status).toBeVisible()
  await expect(status).toBeFocused()
  await expect(field).toHaveValue(email)
}

/** A purchase on the page: the article holding the line of this description. */
function purchaseWith(page: Page, description: string): Locator {
  return page.getByRole('article').filter({ hasText: description })
}

async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })
  return text
}

test.describe('at 375 px', () => {
  test.use({ viewport: PHONE })

  test('an advertiser signs in with the e-mailed link, sees both purchases and a receipt; the link works once', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const origin = baseURL ?? ''
    const suffix = randomUUID().slice(0, 8)
    const buyer = { businessName: `Account Bakery ${suffix}`, email: `advertiser-${suffix}@example.com` }
    const stranger = `stranger-${suffix}@example.com`
    const [bought, recorded] = (await claimDays(page, 'take', 'any', 2)).days
    if (!bought || !recorded) throw new Error('no days')
    await buyThroughCheckout(page.request, origin, buyer, bought)
    await recordManualOrder(playwright, origin, { ...buyer, dayId: recorded.id, amountCents: 15050 })

    await page.goto('/account')
    await expect(heading(page)).toBeVisible()
    await expect(page.getByText(ACCOUNT_TEXTS.intro)).toBeVisible()
    await expectCleanAtBothWidths(page)

    // An address that never ordered gets the same answer, and no e-mail (checked at the end).
    await requestLink(page, stranger)
    await page.getByLabel(ACCOUNT_TEXTS.emailLabel).clear()
    await requestLink(page, buyer.email)
    const link = await signInLinkFor(buyer.email)
    expect(new URL(link).origin).toBe(new URL(origin).origin)

    // Opened as the buyer would: the link signs in and lands on the account.
    await page.goto(link)
    await expect(page).toHaveURL('/account')
    await expect(heading(page)).toBeVisible()
    await expect(page.getByText(`${ACCOUNT_TEXTS.signedInAs} ${buyer.businessName}`)).toBeVisible()
    // Both days are of the second month: one mailing, with its progress, and both purchases under it.
    const mailing = mailingHeadingText(bought.date.slice(0, 7))
    await expect(page.getByRole('heading', { level: 2, name: mailing })).toBeVisible()
    const progress = page.getByRole('list', { name: `Progress of the ${mailing}` })
    await expect(progress.getByRole('listitem')).toHaveText([
      /Sales close \((next|done)\)\w+day, /,
      /Artwork due \(\w[\w ]*\)\w+day, /,
      /Printed/,
      /Mailed/,
      /In homes \(\w[\w ]*\)\w+day, /,
    ])
    await expect(page.getByRole('article')).toHaveCount(2)

    const checkout = purchaseWith(page, `Calendar day — ${formatDayDate(bought.date)}`)
    // The line: its state and price, then its QR code's scans and where the code leads.
    await expect(checkout.getByRole('listitem')).toHaveText([
      new RegExp(
        `Paid · Artwork: No artwork yet\\s*${formatPrice(bought.price).replace('$', '\\$')}\\s*${LINK_FORM_TEXTS.scans} ${scansText(0, 0)}`,
      ),
    ])
    await expect(checkout.getByRole('group', { name: LINK_QUESTION })).toBeVisible()
    await expect(checkout.getByRole('definition').first()).toHaveText(formatPrice(bought.price))
    await expect(checkout.getByRole('link', { name: ACCOUNT_TEXTS.uploadArtwork })).toHaveAttribute(
      'href',
      /^\/artwork\//,
    )
    const manual = purchaseWith(page, `Calendar day — ${formatDayDate(recorded.date)}`)
    await expect(manual.getByRole('definition').first()).toHaveText('$150.50')
    await expect(manual.getByRole('link', { name: ACCOUNT_TEXTS.receipt })).toBeVisible()

    // The receipt: the PDF behind the link, fetched with the page's session.
    const receiptNumber =
      (await checkout
        .getByRole('term')
        .filter({ hasText: ACCOUNT_TEXTS.receiptNumber })
        .locator('xpath=following-sibling::dd')
        .textContent()) ?? ''
    expect(receiptNumber).toMatch(/^R-\d{4}-\d{4}$/)
    const href = await checkout.getByRole('link', { name: ACCOUNT_TEXTS.receipt }).getAttribute('href')
    const receipt = await page.request.get(href ?? '')
    expect(receipt.status()).toBe(200)
    expect(receipt.headers()['content-type']).toBe('application/pdf')
    const text = await pdfText(await receipt.body())
    expect(text).toContain(`Receipt ${receiptNumber}`)
    expect(text).toContain(buyer.businessName)
    expect(text).toMatch(new RegExp(`Total\\s*${formatPrice(bought.price).replace('$', '\\$')}`))

    await expectCleanAtBothWidths(page)

    // Book again: the same days of the month in the next mailing open for sale go into the cart, and the
    // toast names them (or says they are taken), as the server answers now.
    const answer = (await (
      await page.request.get(`/api/account/purchases/${await purchaseId(checkout)}/book-again`)
    ).json()) as BookAgainDto
    await checkout.getByRole('button', { name: ACCOUNT_TEXTS.bookAgain }).click()
    const added = answer.available.length
    const toast = page
      .getByRole('region', { name: /Notifications/ })
      .getByRole('listitem')
      .filter({ hasText: added > 0 ? ACCOUNT_TEXTS.addedToCart : ACCOUNT_TEXTS.nothingAdded })
    await expect(toast).toBeVisible()
    for (const day of [...answer.available.map((d) => d.date), ...answer.unavailable])
      await expect(toast).toContainText(formatMonthDayYear(day))
    if (added > 0)
      await expect(
        page.getByRole('link', { name: `Cart (${added === 1 ? '1 item' : `${added} items`})` }),
      ).toBeVisible()
    await toast.getByRole('button', { name: 'Close' }).click()

    // Sign out with the keyboard: the page says so, takes the focus there and offers the form again.
    const signOut = page.getByRole('button', { name: ACCOUNT_TEXTS.signOut })
    await signOut.focus()
    await page.keyboard.press('Enter')
    const signedOut = page.getByRole('status').filter({ hasText: ACCOUNT_TEXTS.signedOut })
    await expect(signedOut).toBeFocused()
    await expect(page.getByLabel(ACCOUNT_TEXTS.emailLabel)).toBeVisible()
    expect((await page.request.get('/api/account')).status()).toBe(401)

    // The same link again: spent.
    await page.goto(link)
    await expect(page).toHaveURL(/\/account\?error=/)
    await expect(page.getByText(ACCOUNT_TEXTS.linkInvalid)).toBeVisible()
    await expect(page.getByText(ACCOUNT_TEXTS.signedInAs)).toHaveCount(0)

    // A link for the stranger would have been queued before the buyer's, and the outbox round that sent
    // the buyer's (one after another, milliseconds apart) ended long ago.
    expect(mailTo(stranger)).toEqual([])
  })

  test('too many requests, and an address that is not one, are said next to the form', async ({ page }) => {
    await page.route('**/api/auth/sign-in/magic-link', (route) =>
      route.fulfill({
        status: 429,
        json: { code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please try again later.' },
      }),
    )
    await page.goto('/account')
    const field = page.getByLabel(ACCOUNT_TEXTS.emailLabel)
    await field.fill('not an address')
    await page.getByRole('button', { name: ACCOUNT_TEXTS.submit }).click()
    await expect(page.getByText('Please enter a valid e-mail address.')).toBeVisible()
    await expect(field).toHaveAttribute('aria-invalid', 'true')

    await field.fill('someone@example.com')
    await field.press('Enter')
    const alert = page.getByRole('alert').filter({ hasText: ACCOUNT_TEXTS.tooManyRequests })
    await expect(alert).toBeVisible()
    await expect(alert).toBeFocused()
    await expect(page.getByText(ACCOUNT_TEXTS.linkSent)).toHaveCount(0)
  })

  test('an administrator signed in is told the page is for advertisers', async ({ page, baseURL }) => {
    const signIn = await page.request.post('/api/auth/sign-in/email', {
      data: E2E_ADMIN,
      headers: { origin: baseURL ?? '' },
    })
    expect(signIn.ok()).toBe(true)
    await page.goto('/account')
    await expect(page.getByText(ACCOUNT_TEXTS.notAnAdvertiser)).toBeVisible()
    await expect(page.getByLabel(ACCOUNT_TEXTS.emailLabel)).toHaveCount(0)
  })
})

/** A purchase's id, from its receipt link ('/api/account/purchases/{id}/receipt.pdf'). */
async function purchaseId(purchase: Locator): Promise<string> {
  const href = await purchase.getByRole('link', { name: ACCOUNT_TEXTS.receipt }).getAttribute('href')
  const id = /\/purchases\/([^/]+)\/receipt\.pdf$/.exec(href ?? '')?.[1]
  if (!id) throw new Error(`no purchase id in ${href}`)
  return decodeURIComponent(id)
}

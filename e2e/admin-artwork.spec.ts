import fs from 'node:fs'
import { expect, type Page } from '@playwright/test'
import sharp from 'sharp'
import { extractText, getDocumentProxy } from 'unpdf'
import { toIsoDate } from '#shared/dates.ts'
import { formatDayDate } from '#shared/format.ts'
import { api, makeDays } from './admin-api.ts'
import { awaitingHydration, expectNoAxeViolations, signInAt, test, toastText } from './fixtures.ts'

/**
 * Artwork end to end: a buyer pays, follows "Upload your artwork" from the thank-you page, uploads a logo;
 * the owner sees it on the Artwork board, approves it and downloads the month's proof, which has the
 * business on its date. Runs on the admin specs' site (it sells days every visitor would see), in November
 * two years ahead, a month no other spec uses; each attempt buys a fresh day under a fresh business name,
 * so a retry starts clean.
 */

const YEAR = new Date().getUTCFullYear() + 2
const MONTH = `${YEAR}-11`

/** A PNG logo, 600 × 600 pixels: prints sharp in the default 1 in day square at 300 DPI. */
const logo = () =>
  sharp({ create: { width: 600, height: 600, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer()

/** The first day of the month still for sale (an earlier attempt may have bought some). */
async function freshDay(page: Page) {
  const days = await makeDays(page, toIsoDate(YEAR, 11, 1), toIsoDate(YEAR, 11, 28))
  const { days: month } = await api<{ days: { id: string; date: string; status: string }[] }>(
    page,
    'GET',
    `/api/calendar-days?month=${MONTH}`,
  )
  const available = month.find((d) => d.status === 'available')
  const day = days.find((d) => d.id === available?.id)
  if (!day) throw new Error(`no day of ${MONTH} is still for sale`)
  return day
}

test('buyer uploads artwork → owner approves → the proof has the business on its date', async ({
  page,
  browser,
}) => {
  await signInAt(page, '/admin')
  const day = await freshDay(page)
  const business = `Art ${Date.now().toString(36).slice(-5)}`

  // The buyer, in a browser of their own: cart checkout through the local test checkout.
  const buyer = awaitingHydration(await browser.newPage({ viewport: { width: 1280, height: 900 } }))
  try {
    await buyer.goto('/')
    const { sessionUrl } = await buyer.evaluate(
      async ({ business, dayId }) => {
        const response = await fetch('/api/functions/create-cart-checkout-session', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            businessName: business,
            email: 'artwork-e2e@example.com',
            calendarDayIds: [dayId],
            mapIconId: null,
            discount: 0,
          }),
        })
        return (await response.json()) as { sessionUrl: string }
      },
      { business, dayId: day.id },
    )
    await buyer.goto(sessionUrl)
    await buyer.getByRole('button', { name: 'Pay' }).click()
    await expect(buyer.getByRole('heading', { level: 1, name: 'Thank You!' })).toBeVisible()
    await buyer.getByRole('link', { name: 'Upload your artwork' }).click()

    await expect(buyer.getByRole('heading', { level: 1, name: 'Your Artwork' })).toBeVisible()
    const label = `Calendar day: ${formatDayDate(day.date)}`
    await expect(buyer.getByText(label, { exact: true })).toBeVisible()
    await expectNoAxeViolations(buyer)
    await buyer.setViewportSize({ width: 375, height: 800 })
    await expectNoAxeViolations(buyer)

    await buyer
      .getByLabel(`Choose a file for ${label}`)
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logo() })
    await buyer.getByRole('button', { name: `Upload a file for ${label}` }).click()
    await expect(toastText(buyer, 'Artwork uploaded')).toBeVisible()
    await expect(buyer.getByText('Received', { exact: true })).toBeVisible()
    await expect(buyer.getByRole('img', { name: `Current artwork for ${label}` })).toBeVisible()
    await expectNoAxeViolations(buyer)
  } finally {
    await buyer.close()
  }

  // The owner: the board shows the line as received; approve it.
  await page.goto(`/admin/artwork?month=${MONTH}`)
  const row = page.getByRole('row').filter({ hasText: business })
  await expect(row.getByText('Received', { exact: true })).toBeVisible()
  // The lines come a page at a time; this month has fewer than a page, so both buttons are off.
  const pages = page.getByRole('navigation', { name: 'Artwork pages' })
  await expect(pages.getByText(/^Showing 1–\d+ of \d+ \(page 1 of 1\)$/)).toBeVisible()
  await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled()
  await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled()
  await expectNoAxeViolations(page)
  await row.getByRole('button', { name: 'Approve' }).click()
  await expect(row.getByText('Approved', { exact: true })).toBeVisible()

  // The proof: a PDF whose first page has the business beside its day's number.
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download proof (PDF)' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe(`proof-${MONTH}.pdf`)
  const bytes = new Uint8Array(fs.readFileSync(await download.path()))
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: false })
  expect(text[0]).toContain(`November ${YEAR}`)
  // The name wraps in the column beside the day's QR code: read as words.
  expect(text[0]?.replace(/\s+/g, ' ')).toContain(business)
})

test('the Artwork board at 375 px has no axe violations', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await signInAt(page, `/admin/artwork?month=${MONTH}`)
  await makeDays(page, toIsoDate(YEAR, 11, 1), toIsoDate(YEAR, 11, 28))
  await page.reload()
  await expect(page.getByRole('heading', { name: `November ${YEAR} mailing` })).toBeVisible()
  await expectNoAxeViolations(page)
})

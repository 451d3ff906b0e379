import { randomUUID } from 'node:crypto'
import { devices, expect, type Locator } from '@playwright/test'
import { ACCOUNT_TEXTS } from '#shared/account-texts.ts'
import { mailingMonthLabel } from '#shared/mailing-names.ts'
import type { MonthKey } from '#shared/mailings.ts'
import { LINK_FORM_TEXTS } from '#shared/short-link-texts.ts'
import {
  LINK_DESTINATION_LABELS,
  LINK_QUESTION,
  LINK_WEBSITE_INVALID,
  linkSavedMessage,
  normalizeWebsite,
  scansText,
  seenInText,
} from '#shared/short-links.ts'
import { adminRequest, freeMonth, soldDay } from './far-month.ts'
import { test } from './fixtures.ts'
import { mailTo, signInLinkFor } from './mail-capture.ts'
import { expectCleanAtBothWidths, PHONE } from './storefront-helpers.ts'

/**
 * A line's QR code link, end to end: the buyer chooses where it leads on their artwork page (opened from
 * the order's e-mail, read from the storefront server's SMTP capture, e2e/mail-capture.ts), a phone scans
 * it and lands there, and the advertiser's account counts the scan. A line left on its default leads to
 * the advertiser's page on this site.
 *
 * The lines are manual orders (the owner's, recorded as paid) on days of a month two years ahead (the last
 * year days can be set up in) with no days yet, found by this test from December down (offers.spec.ts
 * takes that year's months from January up; a retry takes the month before). The days are set up at $0,
 * so the month stays out of the public month list the storefront specs read.
 */

const SHORT_LINK = /^https?:\/\/\S+\/go\/[a-z0-9]+$/

/** The artwork link of the order e-mail to `email`, once the outbox has sent it (every 2 s). */
async function artworkLinkFor(email: string): Promise<string> {
  let link = ''
  await expect
    .poll(
      () => {
        const texts = mailTo(email).map((mail) => mail.text)
        link =
          texts.map((text) => /https?:\/\/\S+\/artwork\/[\w-]+/.exec(text)?.[0] ?? '').find(Boolean) ?? ''
        return link
      },
      { message: `an order e-mail with an artwork link to ${email}` },
    )
    .not.toBe('')
  return link
}

/** The short link a line's form shows. */
async function shortLinkIn(scope: Locator): Promise<string> {
  const text = await scope.getByText(SHORT_LINK).textContent()
  expect(text ?? '').toMatch(SHORT_LINK)
  return (text ?? '').trim()
}

test.use({ viewport: PHONE })

test("a buyer sends their QR code to their website; a phone's scan lands there and the account counts it", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const origin = baseURL ?? ''
  const suffix = randomUUID().slice(0, 8)
  const buyer = { businessName: `Scanned Bakery ${suffix}`, email: `scanned-${suffix}@example.com` }
  const admin = await adminRequest(playwright, origin)
  try {
    const month = await freeMonth(admin)
    await soldDay(admin, `${month}-10`, buyer, true)
  } finally {
    await admin.dispose()
  }

  // The artwork page from the order's e-mail.
  await page.goto(await artworkLinkFor(buyer.email))
  await expect(page.getByRole('heading', { level: 1, name: 'Your Artwork' })).toBeVisible()
  const question = page.getByRole('group', { name: LINK_QUESTION })
  await expect(question).toHaveCount(1)
  const line = page.getByRole('listitem').filter({ has: question })
  const shortLink = await shortLinkIn(line)
  const pageOption = question.getByRole('radio', { name: LINK_DESTINATION_LABELS.page, exact: true })
  await expect(pageOption).toBeChecked()
  await expectCleanAtBothWidths(page)

  // The keyboard alone: an arrow key chooses "My website", Tab reaches its field.
  await pageOption.focus()
  await page.keyboard.press('ArrowDown')
  await expect(
    question.getByRole('radio', { name: LINK_DESTINATION_LABELS.website, exact: true }),
  ).toBeChecked()
  await page.keyboard.press('Tab')
  const website = line.getByRole('textbox', { name: LINK_FORM_TEXTS.websiteLabel, exact: true })
  await expect(website).toBeFocused()

  // Not a web address: said under the field, which keeps the focus.
  await page.keyboard.type('not a website')
  await page.keyboard.press('Enter')
  await expect(line.getByText(LINK_WEBSITE_INVALID, { exact: true })).toBeVisible()
  await expect(website).toHaveAttribute('aria-invalid', 'true')
  await expect(website).toBeFocused()
  await expectCleanAtBothWidths(page)

  // The server's own /about, by an address with a dot (what a website is), so following it works offline.
  const target = new URL('/about', origin)
  target.hostname = '127.0.0.1'
  await website.fill(target.href)
  await page.keyboard.press('Enter')
  const saved = linkSavedMessage({ destination: 'website', target: normalizeWebsite(target.href) })
  await expect(line.getByRole('status').filter({ hasText: saved })).toHaveText(saved)
  await expect(website).not.toHaveAttribute('aria-invalid', 'true')
  await expectCleanAtBothWidths(page)

  // Kept: the page opened again shows the website chosen.
  await page.reload()
  await expect(
    question.getByRole('radio', { name: LINK_DESTINATION_LABELS.website, exact: true }),
  ).toBeChecked()
  await expect(website).toHaveValue(target.href)

  // A phone scans the QR code (a headless browser's scan is not counted; an iPhone's is).
  const { defaultBrowserType: _, ...iPhone } = devices['iPhone 13']
  const phone = await browser.newContext(iPhone)
  try {
    const scan = await phone.newPage()
    await scan.goto(shortLink)
    await expect(scan).toHaveURL(target.href)
    await expect(scan.getByRole('heading', { level: 1, name: 'About Townflyer' })).toBeVisible()
  } finally {
    await phone.close()
  }

  // The advertiser signs in with the e-mailed link and finds the scan on the line (counts are written
  // to the database every few seconds: the page is read again until it shows).
  await page.goto('/account')
  const field = page.getByLabel(ACCOUNT_TEXTS.emailLabel)
  await field.fill(buyer.email)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: ACCOUNT_TEXTS.linkSent })).toBeVisible()
  await page.goto(await signInLinkFor(buyer.email))
  await expect(page).toHaveURL('/account')
  const accountLine = page.getByRole('listitem').filter({ hasText: shortLink }).last()
  await expect(async () => {
    await page.reload()
    await expect(accountLine.getByText(scansText(1, 1), { exact: true })).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 10_000 })
  await expect(accountLine.getByRole('img', { name: /: 1 scan$/ })).toBeVisible()
  await expect(
    accountLine
      .getByRole('group', { name: LINK_QUESTION })
      .getByRole('radio', { name: LINK_DESTINATION_LABELS.website, exact: true }),
  ).toBeChecked()
  await expectCleanAtBothWidths(page)
})

test("a line left on its default leads to the advertiser's page on this site", async ({
  page,
  playwright,
  baseURL,
}) => {
  const origin = baseURL ?? ''
  const suffix = randomUUID().slice(0, 8)
  const buyer = { businessName: `Paged Florist ${suffix}`, email: `paged-${suffix}@example.com` }
  const admin = await adminRequest(playwright, origin)
  let month: MonthKey
  try {
    month = await freeMonth(admin)
    await soldDay(admin, `${month}-12`, buyer, true)
  } finally {
    await admin.dispose()
  }

  await page.goto(await artworkLinkFor(buyer.email))
  const question = page.getByRole('group', { name: LINK_QUESTION })
  await expect(question.getByRole('radio', { name: LINK_DESTINATION_LABELS.page, exact: true })).toBeChecked()
  const shortLink = await shortLinkIn(page.getByRole('listitem').filter({ has: question }))

  await page.goto(shortLink)
  await expect(page).toHaveURL(/\/ads\/[a-z0-9]+$/)
  await expect(page.getByRole('heading', { level: 1, name: buyer.businessName, exact: true })).toBeVisible()
  await expect(page.getByText(seenInText(mailingMonthLabel(month)), { exact: true })).toBeVisible()
  await expectCleanAtBothWidths(page)
})

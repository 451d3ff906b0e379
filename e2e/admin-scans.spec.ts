import { expect, type Locator, type Page } from '@playwright/test'
import type { PublicMailingsResponse } from '#shared/mailings.ts'
import { mailingMonthLabel } from '#shared/mailings.ts'
import { LINK_QUESTION, LINK_WEBSITE_INVALID } from '#shared/short-links.ts'
import { api } from './admin-api.ts'
import { expectNoAxeViolations, signInAt, test } from './fixtures.ts'

/**
 * The owner's scans of a mailing, from its row on /admin/mailings. The line is a map icon of a type this
 * test adds, sold by hand in the mailing on sale now (the first open one, which the first start's seed
 * makes): a map icon takes no calendar day, and /admin/mailings lists only the months of its window, whose
 * later months e2e/admin-mailings.spec.ts owns.
 */

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The month's row; below 768 px its header's name starts with the card label 'Month'. */
function mailingRow(page: Page, label: string): Locator {
  return page
    .getByRole('region', { name: 'Mailings', exact: true })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`(^|\\s)${label}$`) }) })
}

test('the owner reads a mailing’s scans, sends a line’s QR code to a website by keyboard, and downloads the CSV', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInAt(page, '/admin/mailings')

  const business = `Scans Bakery ${unique()}`
  const icon = await api<{ id: string }>(page, 'POST', '/api/admin/map-icons', {
    name: `Scans icon ${unique()}`,
    size: 'small',
    price: 40,
    defaultQuantity: 5,
  })
  const { open } = await api<PublicMailingsResponse>(page, 'GET', '/api/mailings')
  const mailing = open.find((m) => m.status === 'open')
  expect(mailing, 'a mailing on sale (the seed opens some)').toBeDefined()
  if (!mailing) return
  const month = mailing.month
  const label = mailingMonthLabel(month)
  await api(page, 'POST', '/api/admin/manual-map-icon-orders', {
    businessName: business,
    email: 'scans@example.com',
    iconId: icon.id,
    month,
  })
  await page.reload()

  // The drawer opens from the keyboard, with the focus in it.
  const opener = mailingRow(page, label).getByRole('button', { name: `Scans for ${label}` })
  await opener.focus()
  await page.keyboard.press('Enter')
  const drawer = page.getByRole('dialog', { name: 'Scans' })
  await expect(drawer).toBeFocused()
  await expect(drawer.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
    'href',
    `/api/admin/mailings/${month}/scans.csv`,
  )
  const line = drawer
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`${literal(business)}$`) }) })
  await expect(line.getByRole('cell')).toHaveText([
    /Map icon/i,
    /Paid/,
    /\/go\/[a-z0-9]{7}$/,
    /My page on this site/,
    /0$/,
    /0$/,
    /Edit link/,
  ])
  await expectNoAxeViolations(page)

  // Edit link: the form opens on the destination of now; the arrow keys choose the website.
  const edit = line.getByRole('button', { name: new RegExp(`^Edit link for ${literal(business)}, `) })
  await edit.focus()
  await page.keyboard.press('Enter')
  const form = drawer.getByRole('form', { name: new RegExp(`^Link of ${literal(business)}, `) })
  const choices = form.getByRole('group', { name: LINK_QUESTION })
  await expect(choices.getByRole('radio', { name: 'My page on this site' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(choices.getByRole('radio', { name: 'My website' })).toBeChecked()
  await page.keyboard.press('Tab')
  const website = form.getByLabel('Website', { exact: true })
  await expect(website).toBeFocused()

  // A value that is no web address: the server's message under the field, the focus on it.
  await page.keyboard.type('not a site')
  await page.keyboard.press('Enter')
  await expect(form.getByText(LINK_WEBSITE_INVALID, { exact: true })).toBeVisible()
  await expect(website).toHaveAttribute('aria-invalid', 'true')
  await expect(website).toBeFocused()
  await expectNoAxeViolations(page)

  const site = `scans-${unique()}.example.com`
  await website.fill(site)
  await page.keyboard.press('Enter')
  await expect(drawer.getByRole('status')).toHaveText(
    new RegExp(
      `^Saved\\. This QR code \\(${literal(business)}, .+\\) now sends people to https://${literal(site)}/\\.$`,
    ),
  )
  await expect(form).toBeHidden()
  await expect(edit).toBeFocused()
  await expect(line.getByRole('cell').nth(3)).toHaveText(new RegExp(`My website: https://${literal(site)}/$`))

  await page.setViewportSize({ width: 375, height: 800 })
  await expectNoAxeViolations(page)
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, 'the drawer scrolls sideways at 375 px').toBeLessThanOrEqual(0)
  await edit.click()
  await expect(form.getByLabel('Website', { exact: true })).toHaveValue(`https://${site}/`)
  await expectNoAxeViolations(page)
  await form.getByRole('button', { name: 'Cancel' }).click()
  await expect(edit).toBeFocused()
  await page.setViewportSize({ width: 1280, height: 900 })

  // The CSV, with the page's session: the line and where it now leads.
  const csv = await page.request.get(`/api/admin/mailings/${month}/scans.csv`)
  expect(csv.status()).toBe(200)
  expect(csv.headers()['content-type']).toMatch(/^text\/csv/)
  const text = await csv.text()
  const csvLine = text.split(/\r?\n/).find((row) => row.includes(business))
  expect(csvLine, 'the line in the CSV').toBeDefined()
  expect(csvLine).toContain(`https://${site}/`)

  // Escape closes the drawer and gives the focus back to the row's Scans button.
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  await expect(opener).toBeFocused()
})

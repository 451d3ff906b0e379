import { expect, type Page } from '@playwright/test'
import { api } from './admin-api.ts'
import { expectNoAxeViolations, signInAt, test, toastText } from './fixtures.ts'

/**
 * Communication: the inbox of contact inquiries and waitlist sign-ups, the e-mail log with
 * Resend, and the banners of a site without SMTP and Stripe (the e2e servers have neither). Each test
 * makes its own entries through the public inquiries API under a unique address, so a retry or a parallel
 * spec never sees another's rows.
 */

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`

async function axeAtBothWidths(page: Page) {
  await expectNoAxeViolations(page)
  await page.setViewportSize({ width: 375, height: 800 })
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, `${page.url()} scrolls sideways at 375 px`).toBeLessThanOrEqual(0)
  await expectNoAxeViolations(page)
  await page.setViewportSize({ width: 1280, height: 800 })
}

test('the inbox shows a new contact inquiry and a waitlist sign-up, marks one handled, and exports CSV', async ({
  page,
}) => {
  await signInAt(page, '/admin/inbox')
  const id = unique()
  const contact = `inbox-${id}@example.com`
  const waitlist = `waitlist-${id}@example.com`
  await api(page, 'POST', '/api/inquiries', { type: 'mailing_list', email: contact, name: `Inbox ${id}` })
  await api(page, 'POST', '/api/inquiries', {
    type: 'waitlist',
    email: waitlist,
    name: `Wait ${id}`,
    businessName: `Bikes ${id}`,
  })
  await page.getByRole('button', { name: 'Refresh' }).click()

  const inbox = page.getByRole('region', { name: 'Inbox' })
  const contactRow = inbox.getByRole('row').filter({ hasText: contact })
  const waitlistRow = inbox.getByRole('row').filter({ hasText: waitlist })
  await expect(contactRow).toContainText('Contact inquiry')
  await expect(contactRow).toContainText(`Inbox ${id}`)
  await expect(contactRow).toContainText('Not handled')
  await expect(waitlistRow).toContainText('Waitlist sign-up')
  await expect(waitlistRow).toContainText(`Bikes ${id}`)

  await contactRow.getByRole('button', { name: `Mark handled for ${contact}` }).click()
  await expect(toastText(page, 'Marked handled')).toBeVisible()
  await expect(contactRow.getByRole('button', { name: `Mark not handled for ${contact}` })).toBeVisible()
  await expect(contactRow).toContainText('by e2e-admin@example.com')

  const exportLink = page.getByRole('link', { name: 'Export CSV' })
  await expect(exportLink).toHaveAttribute('href', '/api/admin/inbox/export.csv')
  const csv = await (await page.request.get('/api/admin/inbox/export.csv?kind=contact')).text()
  expect(csv.split('\r\n')[0]).toBe(
    'Received At,Kind,Email,Name,Business Name,Message,Details,Handled At,Handled By',
  )
  expect(csv).toContain(`,contact,${contact},Inbox ${id},`)
  expect(csv).not.toContain(waitlist)

  await axeAtBothWidths(page)
})

test('the e-mail log shows the queued admin notice of an inquiry, and Resend queues it again', async ({
  page,
}) => {
  await signInAt(page, '/admin/emails')
  const id = unique()
  const subject = `New contact inquiry from Log ${id}`
  await api(page, 'POST', '/api/inquiries', {
    type: 'mailing_list',
    email: `log-${id}@example.com`,
    name: `Log ${id}`,
  })

  await page.getByLabel('Recipient or subject').fill(`Log ${id}`)
  await page.getByRole('button', { name: 'Search' }).click()
  const log = page.getByRole('region', { name: 'E-mail log' })
  const rows = log.getByRole('row').filter({ hasText: subject })
  await expect(rows).toHaveCount(1)
  await expect(rows).toContainText('Queued')

  await rows.getByRole('button', { name: /^Resend/ }).click()
  await expect(toastText(page, 'E-mail queued again')).toBeVisible()
  await expect(rows).toHaveCount(2)
  await expect(page.getByText('Showing 1–2 of 2')).toBeVisible()

  await axeAtBothWidths(page)
})

test('the admin area says e-mail is not set up and payments are in TEST MODE', async ({ page }) => {
  await signInAt(page, '/admin/calendar')
  const smtp = page.getByRole('status').filter({
    hasText: 'E-mail is not set up: e-mails are queued but not delivered. Set SMTP_URL to send them.',
  })
  await expect(smtp).toBeVisible()
  await expect(smtp).toContainText(/waiting in the outbox\.$/)
  await expect(
    page.getByRole('status').filter({ hasText: 'Payments are in TEST MODE: no card is charged.' }),
  ).toBeVisible()
  // On every section, above its tabs.
  await page.getByRole('tab', { name: 'Inbox' }).click()
  await expect(page).toHaveURL('/admin/inbox')
  await expect(smtp).toBeVisible()
})

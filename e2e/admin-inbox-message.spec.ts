import { expect } from '@playwright/test'
import { api } from './admin-api.ts'
import { expectNoAxeViolations, signInAt, test } from './fixtures.ts'

/**
 * A contact inquiry's message in the admin inbox. The inquiry is made through the public API under a unique
 * address, so a retry or a parallel spec never sees another's row.
 */

test('the inbox shows the message a contact inquiry came with', async ({ page }) => {
  await signInAt(page, '/admin/inbox')
  const id = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`
  const email = `message-${id}@example.com`
  const message = `We run the Riverside Food Pantry and would like to apply for a free feature. ${id}`
  await api(page, 'POST', '/api/inquiries', { type: 'mailing_list', email, name: `Pantry ${id}`, message })
  await page.getByRole('button', { name: 'Refresh' }).click()

  const row = page.getByRole('region', { name: 'Inbox' }).getByRole('row').filter({ hasText: email })
  await expect(row.getByText(message, { exact: true })).toBeVisible()

  const csv = await (await page.request.get('/api/admin/inbox/export.csv?kind=contact')).text()
  expect(csv).toContain(message)

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    await expect(row.getByText(message, { exact: true })).toBeVisible()
    await expectNoAxeViolations(page)
  }
})

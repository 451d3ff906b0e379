import { randomUUID } from 'node:crypto'
import { expect, type Page } from '@playwright/test'
import type { AdminEmailsResponse } from '#shared/admin-communication.ts'
import { formatYearMonth, yearMonthKey } from '#shared/calendar-months.ts'
import type { AdminMapIconDto } from '#shared/mailings.ts'
import { api } from './admin-api.ts'
import { expectNoAxeViolations, signInAt, test, toastText } from './fixtures.ts'
import { mailTo } from './mail-capture.ts'
import { availableMonths } from './storefront-helpers.ts'

/**
 * The owner's e-mail to every advertiser of a mailing, from its row on the Mailings screen, read as the
 * advertiser receives it: this runs on the storefront's site, whose outbox delivers over SMTP to the capture
 * (e2e/mail-capture.ts). It changes no mailing: its advertiser is a paid map icon of the first open month
 * (one unit of its stock; no day is taken), bought by an address of its own.
 */

const QUEUED = /^\d+ e-mails? queued, \d+ skipped \(unsubscribed or already sent\)\.$/

async function openDialog(page: Page, label: string) {
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`(^|\\s)${label}$`) }) })
  // With the keyboard: the row's button, then Enter.
  await row.getByRole('button', { name: `E-mail advertisers for ${label}` }).focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'E-mail Advertisers' })
  await expect(dialog).toBeVisible()
  return dialog
}

test('the owner e-mails the advertisers of a mailing from its row; each address gets it once', async ({
  page,
}) => {
  const [first] = await availableMonths(page)
  if (!first) throw new Error('expected an open month')
  const month = yearMonthKey(first)
  const label = formatYearMonth(first)
  const email = `advertiser-${randomUUID()}@example.com`
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInAt(page, '/admin/mailings')
  const { icons } = await api<{ icons: AdminMapIconDto[] }>(page, 'GET', '/api/admin/map-icons')
  const icon = icons.find((i) => i.name === 'Map Icon')
  if (!icon) throw new Error('the seeded Map Icon')
  await api(page, 'POST', '/api/admin/manual-map-icon-orders', {
    businessName: 'Message Bakery',
    email,
    iconId: icon.id,
    month,
  })

  const dialog = await openDialog(page, label)
  await expect(dialog).toContainText(
    `Every advertiser of the ${label} mailing gets this e-mail once. Those who unsubscribed from announcements are skipped.`,
  )
  // Sent empty: each field says what it needs, and nothing is sent.
  const subject = dialog.getByLabel('Subject', { exact: true })
  await subject.focus()
  await page.keyboard.press('Enter')
  await expect(dialog.getByText('Enter a subject.')).toBeVisible()
  await expect(dialog.getByText('Write a message.')).toBeVisible()
  await expect(subject).toHaveAttribute('aria-invalid', 'true')
  await expectNoAxeViolations(page)
  await page.setViewportSize({ width: 375, height: 800 })
  await expectNoAxeViolations(page)
  await page.setViewportSize({ width: 1280, height: 900 })

  const title = `The ${label} postcard goes to print on time ${randomUUID().slice(0, 8)}`
  const message = `Hello,\n\nThe ${label} postcard goes to print on time. Thank you for advertising!`
  await subject.fill(title)
  await dialog.getByLabel('Message', { exact: true }).fill(message)
  await subject.focus()
  await page.keyboard.press('Enter')
  await expect(toastText(page, 'Advertisers E-mailed')).toBeVisible()
  await expect(page.getByText(QUEUED).first()).toBeVisible()
  await expect(dialog).toBeHidden()

  // The advertiser receives it over SMTP, with the way to stop such messages.
  let text = ''
  await expect
    .poll(
      () => {
        const mail = mailTo(email).filter((m) => m.subject === title)
        text = mail.at(-1)?.text ?? ''
        return mail.length
      },
      { message: `the message to ${email}` },
    )
    .toBe(1)
  expect(text).toContain(`The ${label} postcard goes to print on time. Thank you for advertising!`)
  expect(text).toContain(`You receive this because you advertise in the ${label} Townflyer mailing.`)
  expect(text).toMatch(
    /Unsubscribe from these announcements \(your order e-mails still come\): http\S+\/api\/unsubscribe\?/,
  )

  // The same message sent again (a double click, a second try) is not queued again for anyone.
  const again = await openDialog(page, label)
  await again.getByLabel('Subject', { exact: true }).fill(title)
  await again.getByLabel('Message', { exact: true }).fill(message)
  await again.getByRole('button', { name: 'Send' }).click()
  await expect(again).toBeHidden()
  const { emails } = await api<AdminEmailsResponse>(
    page,
    'GET',
    `/api/admin/emails?q=${encodeURIComponent(email)}`,
  )
  expect(emails.filter((e) => e.subject === title)).toHaveLength(1)
})

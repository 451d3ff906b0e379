import { randomUUID } from 'node:crypto'
import { expect } from '@playwright/test'
import { ACCOUNT_TEXTS } from '#shared/account-texts.ts'
import { AD_APPROVAL_TEXTS as T } from '#shared/ad-approval.ts'
import type { ProductionBoardResponse } from '#shared/artwork.ts'
import { formatDayDate } from '#shared/format.ts'
import { mailingMonthLabel } from '#shared/mailing-names.ts'
import type { MonthKey } from '#shared/mailings.ts'
import { adminRequest, call, freeMonth, soldDay } from './far-month.ts'
import { test } from './fixtures.ts'
import { mailTo, signInLinkFor } from './mail-capture.ts'
import { expectCleanAtBothWidths, PHONE } from './storefront-helpers.ts'

/**
 * The advertiser's check of their ad as printed, end to end: the owner builds a mailing's proof, the
 * advertiser gets the e-mail (read from the storefront server's SMTP capture), follows it to /account, signs
 * in with the e-mailed link, approves one line and asks for a change on the other with the keyboard; the
 * owner's board shows both. The lines are manual orders on days 20 and 21 of a month two years ahead with
 * no days yet, found from December down (short-links.spec.ts takes day 10 of such a month), set up at $0
 * so the month stays out of the public month list.
 */

test.use({ viewport: PHONE })

test('an advertiser follows the proof e-mail, approves one line and asks for a change on the other; the board shows both', async ({
  page,
  playwright,
  baseURL,
}) => {
  const origin = baseURL ?? ''
  const suffix = randomUUID().slice(0, 8)
  const buyer = { businessName: `Proofed Deli ${suffix}`, email: `proofed-${suffix}@example.com` }
  const admin = await adminRequest(playwright, origin)
  let month: MonthKey
  try {
    month = await freeMonth(admin)
    await soldDay(admin, `${month}-20`, buyer, false)
    await soldDay(admin, `${month}-21`, buyer, false)
    // The owner builds the proof: the advertiser is asked to check their ad.
    await call(admin, 'GET', `/api/admin/mailings/${month}/proof.pdf`)
  } finally {
    await admin.dispose()
  }
  const subject = `Check your ad in the ${mailingMonthLabel(month)} postcard`
  let accountLink = ''
  await expect
    .poll(
      () => {
        const mail = mailTo(buyer.email).find((m) => m.subject === subject)
        accountLink = /https?:\/\/\S+\/account\b/.exec(mail?.text ?? '')?.[0] ?? ''
        return accountLink
      },
      { message: `the proof e-mail to ${buyer.email}` },
    )
    .not.toBe('')

  // The e-mail's link, then the sign-in link, with the keyboard.
  await page.goto(accountLink)
  const field = page.getByLabel(ACCOUNT_TEXTS.emailLabel)
  await field.focus()
  await page.keyboard.type(buyer.email)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: ACCOUNT_TEXTS.linkSent })).toBeVisible()
  await page.goto(await signInLinkFor(buyer.email))
  await expect(page).toHaveURL('/account')

  const section = page.getByRole('region', { name: T.sectionHeading })
  await expect(section).toBeVisible()
  const first = section.getByRole('listitem').filter({
    has: page.getByRole('heading', { name: `Calendar day: ${formatDayDate(`${month}-20`)}` }),
  })
  const second = section.getByRole('listitem').filter({
    has: page.getByRole('heading', { name: `Calendar day: ${formatDayDate(`${month}-21`)}` }),
  })
  await expect(first.getByText(T.waiting, { exact: true })).toBeVisible()
  const preview = first.getByRole('img', { name: /^Your ad for .+ 20 as printed: / })
  await expect(preview).toBeVisible()
  // The preview arrived and decoded (a broken image has no natural width).
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100)
  await expectCleanAtBothWidths(page)

  // Approve the first line with the keyboard: the confirmation is read out, the focus on its status.
  await first.getByRole('button', { name: T.approve }).focus()
  await page.keyboard.press('Enter')
  await expect(first.getByRole('status')).toHaveText(T.approvedDone)
  await expect(first.getByText(/^You approved this on /)).toBeFocused()

  // Ask for a change on the second: an empty note is refused under the field, which keeps the focus.
  await second.getByRole('button', { name: T.requestChange }).focus()
  await page.keyboard.press('Enter')
  const note = second.getByRole('textbox', { name: T.noteLabel })
  await expect(note).toBeFocused()
  await second.getByRole('button', { name: T.send }).click()
  await expect(second.getByText(T.noteRequired, { exact: true })).toBeVisible()
  await expect(note).toHaveAttribute('aria-invalid', 'true')
  await expect(note).toBeFocused()
  await expectCleanAtBothWidths(page)
  await note.focus()
  await page.keyboard.type('Please use our new logo')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expect(second.getByRole('status')).toHaveText(T.changeSent)
  await expect(second.getByText('You asked for a change: Please use our new logo')).toBeFocused()
  await expectCleanAtBothWidths(page)

  // The owner's board has the advertiser's decisions beside its own review.
  const owner = await adminRequest(playwright, origin)
  try {
    const board = await call<ProductionBoardResponse>(owner, 'GET', `/api/admin/mailings/${month}/artwork`)
    const approvalOn = (date: string) => board.lines.find((l) => l.date === date)?.advertiserApproval
    expect(approvalOn(`${month}-20`)?.state).toBe('approved')
    expect(approvalOn(`${month}-21`)).toMatchObject({
      state: 'changes_requested',
      note: 'Please use our new logo',
    })
  } finally {
    await owner.dispose()
  }
  // One e-mail, however often the proof is built.
  expect(mailTo(buyer.email).filter((m) => m.subject === subject)).toHaveLength(1)
})

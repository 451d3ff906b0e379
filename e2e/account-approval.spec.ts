import { randomUUID } from 'node:crypto'
import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { ACCOUNT_TEXTS } from '#shared/account-texts.ts'
import { AD_APPROVAL_TEXTS as T } from '#shared/ad-approval.ts'
import type { AdminCalendarDaysResponse } from '#shared/admin-dto.ts'
import type { ProductionBoardResponse } from '#shared/artwork.ts'
import type { CalendarMonthResponse } from '#shared/dto.ts'
import { formatDayDate } from '#shared/format.ts'
import { mailingMonthLabel } from '#shared/mailing-names.ts'
import type { MonthKey } from '#shared/mailings.ts'
import { E2E_ADMIN, expectNoAxeViolations, test } from './fixtures.ts'
import { mailTo, signInLinkFor } from './mail-capture.ts'
import { expectNoHorizontalScroll } from './storefront-helpers.ts'

/**
 * The advertiser's check of their ad as printed, end to end: the owner builds a mailing's proof, the
 * advertiser gets the e-mail (read from the storefront server's SMTP capture), follows it to /account, signs
 * in with the e-mailed link, approves one line and asks for a change on the other with the keyboard; the
 * owner's board shows both. The lines are manual orders on days 20 and 21 of a month two years ahead with
 * no days yet, found from December down (short-links.spec.ts takes day 10 of such a month), set up at $0
 * so the month stays out of the public month list.
 */

const PHONE = { width: 375, height: 800 }
const DESKTOP = { width: 1280, height: 900 }
const YEAR = new Date().getUTCFullYear() + 2

const monthKey = (month: number): MonthKey => `${YEAR}-${String(month).padStart(2, '0')}`

async function adminRequest(
  playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } },
  baseURL: string,
): Promise<APIRequestContext> {
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } })
  expect((await request.post('/api/auth/sign-in/email', { data: E2E_ADMIN })).ok()).toBe(true)
  return request
}

async function call<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, data?: unknown) {
  const response = await request.fetch(path, { method, data })
  expect(response.status(), `${method} ${path}`).toBeLessThan(300)
  const type = response.headers()['content-type'] ?? ''
  return (type.includes('json') ? await response.json() : null) as T
}

async function freeMonth(request: APIRequestContext): Promise<MonthKey> {
  for (let month = 12; month >= 1; month -= 1) {
    const key = monthKey(month)
    const { days } = await call<CalendarMonthResponse>(request, 'GET', `/api/calendar-days?month=${key}`)
    if (days.length === 0) return key
  }
  throw new Error(`no free month left in ${YEAR}`)
}

async function soldDay(
  request: APIRequestContext,
  date: string,
  buyer: { businessName: string; email: string },
) {
  await call(request, 'POST', '/api/admin/calendar-days/initialize', {
    startDate: date,
    endDate: date,
    price: 0,
  })
  const { days } = await call<AdminCalendarDaysResponse>(
    request,
    'GET',
    `/api/admin/calendar-days?startDate=${date}&endDate=${date}`,
  )
  const dayId = days[0]?.id
  if (!dayId) throw new Error(`no day ${date}`)
  await call(request, 'POST', '/api/admin/manual-orders', {
    ...buyer,
    dayId,
    amountCents: 12000,
    status: 'paid',
    sendConfirmation: false,
  })
}

async function expectCleanAtBothWidths(page: Page) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport)
    await expectNoHorizontalScroll(page)
    await expectNoAxeViolations(page)
  }
  await page.setViewportSize(PHONE)
}

test.use({ viewport: PHONE })

test('an advertiser follows the proof e-mail, approves one line and asks for a change on the other; the board shows both', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const origin = baseURL ?? ''
  const suffix = randomUUID().slice(0, 8)
  const buyer = { businessName: `Proofed Deli ${suffix}`, email: `proofed-${suffix}@example.com` }
  const admin = await adminRequest(playwright, origin)
  let month: MonthKey
  try {
    month = await freeMonth(admin)
    await soldDay(admin, `${month}-20`, buyer)
    await soldDay(admin, `${month}-21`, buyer)
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
      { message: `the proof e-mail to ${buyer.email}`, timeout: 45_000 },
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

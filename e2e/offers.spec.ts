import { randomUUID } from 'node:crypto'
import { type APIRequestContext, expect } from '@playwright/test'
import { ACCOUNT_TEXTS, mailingHeadingText } from '#shared/account-texts.ts'
import type { AdminCalendarDaysResponse } from '#shared/admin-dto.ts'
import type { AvailableMonthsResponse, CalendarMonthResponse, MapIconsResponse } from '#shared/dto.ts'
import { formatDayDate } from '#shared/format.ts'
import { mailingMonthLabel } from '#shared/mailing-names.ts'
import type { MonthKey } from '#shared/mailings.ts'
import {
  heldUntilText,
  OFFER_TEXTS,
  offerIntroText,
  offerOutcomeText,
  releaseQuestionText,
} from '#shared/offer-texts.ts'
import type { AdminMailingOffersDto } from '#shared/offers.ts'
import { awaitingHydration, E2E_ADMIN, test, toastText } from './fixtures.ts'
import { mailTo, SIGN_IN_SUBJECT } from './mail-capture.ts'
import { DESKTOP, dayCell, expectCleanAtBothWidths, PHONE, showMonth } from './storefront-helpers.ts'

/**
 * Returning advertisers first: advertisers with paid lines in one mailing are offered the same day and
 * icon in the next when its days are first set up, by an e-mail (read from the storefront server's SMTP
 * capture, e2e/mail-capture.ts) whose "Keep my spots" goes straight to the checkout.
 *
 * The months are a pair two years ahead that no other spec sets up on the storefront site, found free by
 * this test (a retry takes the next pair). Their days are kept out of the public month list, which the
 * storefront specs read for "the last open month": the previous mailing's one day is set up at $0 (a day
 * without a price is not listed) and sold by the owner, and the next mailing has only the day its offer
 * holds at once.
 */

const YEAR = new Date().getUTCFullYear() + 2
const DAY_OF_MONTH = '10'

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
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300)
  return (await response.json()) as T
}

/** The first pair of consecutive months of YEAR with no days yet: this attempt's two mailings. */
async function freeMonthPair(request: APIRequestContext): Promise<{ previous: MonthKey; next: MonthKey }> {
  for (let month = 1; month < 12; month += 2) {
    const [previous, next] = [monthKey(month), monthKey(month + 1)]
    const empty = async (key: MonthKey) =>
      (await call<CalendarMonthResponse>(request, 'GET', `/api/calendar-days?month=${key}`)).days.length === 0
    if ((await empty(previous)) && (await empty(next))) return { previous, next }
  }
  throw new Error(`no free pair of months left in ${YEAR}`)
}

/** The one day of `date`, set up at `price` dollars (the first day of a month's mailing opens it). */
async function setUpDay(request: APIRequestContext, date: string, price: number): Promise<string> {
  await call(request, 'POST', '/api/admin/calendar-days/initialize', {
    startDate: date,
    endDate: date,
    price,
  })
  const { days } = await call<AdminCalendarDaysResponse>(
    request,
    'GET',
    `/api/admin/calendar-days?startDate=${date}&endDate=${date}`,
  )
  const id = days[0]?.id
  if (!id) throw new Error(`no day ${date}`)
  return id
}

/** The last e-mail to `email` whose subject starts with `subject`, once the outbox has sent it (every 2 s). */
async function mailText(email: string, subject: string): Promise<string> {
  let text = ''
  await expect
    .poll(
      () => {
        text = mailTo(email).findLast((m) => m.subject.startsWith(subject))?.text ?? ''
        return text
      },
      { message: `an e-mail "${subject}…" to ${email}` },
    )
    .not.toBe('')
  return text
}

function linkIn(text: string, pattern: RegExp): string {
  const link = pattern.exec(text)?.[0]
  if (!link) throw new Error(`no link like ${pattern} in:\n${text}`)
  return link
}

test.use({ viewport: PHONE })

test('a returning advertiser keeps the spots held for them; another releases theirs; strangers find the day held', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const origin = baseURL ?? ''
  const suffix = randomUUID().slice(0, 8)
  const buyer = { businessName: `Returning Bakery ${suffix}`, email: `returning-${suffix}@example.com` }
  const other = { businessName: `Icon Florist ${suffix}`, email: `florist-${suffix}@example.com` }
  const admin = await adminRequest(playwright, origin)
  try {
    const { previous, next } = await freeMonthPair(admin)
    const label = mailingMonthLabel(next)
    const heldDate = `${next}-${DAY_OF_MONTH}`
    const { icons } = await call<MapIconsResponse>(admin, 'GET', '/api/map-icons')
    const icon = icons.find((i) => i.size === 'small')
    if (!icon) throw new Error('no regular map icon')

    // The previous mailing: the buyer's paid day and icon, the florist's paid icon.
    const previousDay = await setUpDay(admin, `${previous}-${DAY_OF_MONTH}`, 0)
    await call(admin, 'POST', '/api/admin/manual-orders', {
      ...buyer,
      dayId: previousDay,
      amountCents: 12000,
      status: 'paid',
    })
    for (const who of [buyer, other])
      await call(admin, 'POST', '/api/admin/manual-map-icon-orders', {
        ...who,
        iconId: icon.id,
        month: previous,
        status: 'paid',
      })

    // The next mailing's days are set up: its offers are made at once.
    await setUpDay(admin, heldDate, 120)
    const made = await call<AdminMailingOffersDto>(admin, 'GET', `/api/admin/mailings/${next}/offers`)
    expect(made.offersMadeAt).not.toBeNull()
    expect(made.offers.map((o) => [o.businessName, o.state, o.lines.map((l) => l.kind)])).toEqual(
      expect.arrayContaining([
        [buyer.businessName, 'offered', expect.arrayContaining(['calendar_day', 'map_icon'])],
        [other.businessName, 'offered', ['map_icon']],
      ]),
    )
    // The offered day never reads as for sale, so the month stays out of the public month list.
    const { months } = await call<AvailableMonthsResponse>(
      admin,
      'GET',
      '/api/calendar-days/available-months',
    )
    expect(months.map((m) => `${m.year}-${String(m.month).padStart(2, '0')}`)).not.toContain(next)

    const subject = `Your spots in the ${label} postcard are held for you until `
    const mail = await mailText(buyer.email, subject)
    const keepLink = linkIn(mail, /https?:\/\/\S+\/offers\/[\w-]+\/keep(?=\s|$)/m)
    const pageLink = linkIn(mail, /https?:\/\/\S+\/offers\/[\w-]+(?=\s|$)/m)
    expect(new URL(keepLink).origin).toBe(new URL(origin).origin)

    // A stranger's calendar shows the day held. The month is shown to this page alone (the public list
    // leaves it out, see above); the day and its state are the server's.
    const stranger = await browser.newContext({ baseURL: origin, viewport: DESKTOP })
    try {
      const strangerPage = awaitingHydration(await stranger.newPage())
      await strangerPage.route('**/api/calendar-days/available-months', async (route) => {
        const response = await route.fetch()
        const body = (await response.json()) as AvailableMonthsResponse
        body.months = [...body.months, { year: YEAR, month: Number(next.slice(5)) }]
        await route.fulfill({ response, json: body })
      })
      await strangerPage.goto('/about')
      await strangerPage
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Calendar', exact: true })
        .click()
      await showMonth(strangerPage, { year: YEAR, month: Number(next.slice(5)) })
      await expect(dayCell(strangerPage, heldDate)).toHaveText(/Pending/)
      await dayCell(strangerPage, heldDate).click()
      await expect(toastText(strangerPage, 'Day Being Reserved')).toBeVisible()
    } finally {
      await stranger.close()
    }

    // The e-mail's page: what is held, for whom, until when, and both answers.
    await page.goto(pageLink)
    await expect(page.getByRole('heading', { level: 1, name: OFFER_TEXTS.title })).toBeVisible()
    await expect(page.getByText(offerIntroText(buyer.businessName, label))).toBeVisible()
    await expect(page.getByText(formatDayDate(heldDate))).toBeVisible()
    await expect(page.getByText(`Regular map icon (${icon.name})`)).toBeVisible()
    const offer = made.offers.find((o) => o.businessName === buyer.businessName)
    await expect(page.getByText(heldUntilText(offer?.expiresText ?? ''))).toBeVisible()
    await expect(page.getByRole('button', { name: OFFER_TEXTS.keep })).toBeVisible()
    await expect(page.getByRole('button', { name: OFFER_TEXTS.release })).toBeVisible()
    await expectCleanAtBothWidths(page)

    // "Keep my spots" in the e-mail: straight to the checkout of the held lines, paid there.
    await page.goto(keepLink)
    await expect(page).toHaveURL(/\/pay\//)
    await expect(page.getByText(formatDayDate(heldDate))).toBeVisible()
    await page.getByRole('button', { name: 'Pay' }).click()
    await expect(page).toHaveURL(/\/thank-you\?session_id=/)
    await expect(page.getByText('Your order has been confirmed.')).toBeVisible()

    await page.goto(pageLink)
    await expect(page.getByRole('heading', { level: 1, name: OFFER_TEXTS.keptTitle })).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: OFFER_TEXTS.kept })).toBeVisible()
    await expect(page.getByRole('main').getByRole('button')).toHaveCount(0)

    // On the account (signed in with the e-mailed link): the kept offer's line, and the day paid.
    await page.goto('/account')
    const field = page.getByLabel(ACCOUNT_TEXTS.emailLabel)
    await field.fill(buyer.email)
    await field.press('Enter')
    await expect(page.getByRole('status').filter({ hasText: ACCOUNT_TEXTS.linkSent })).toBeFocused()
    const signIn = await mailText(buyer.email, SIGN_IN_SUBJECT)
    await page.goto(linkIn(signIn, /https?:\/\/\S+\/api\/auth\/magic-link\/verify\?\S+/))
    await expect(page).toHaveURL('/account')
    const offers = page.getByRole('region', { name: OFFER_TEXTS.title })
    await expect(offers.getByText(offerOutcomeText('kept', label, ''))).toBeVisible()
    const mailing = page.getByRole('region', { name: mailingHeadingText(next) })
    await expect(
      mailing
        .getByRole('article')
        .filter({ hasText: formatDayDate(heldDate) })
        .getByText('Paid')
        .first(),
    ).toBeVisible()
    await expectCleanAtBothWidths(page)

    // The florist releases theirs from the e-mail's page, with the keyboard alone.
    const floristMail = await mailText(other.email, subject)
    await page.goto(linkIn(floristMail, /https?:\/\/\S+\/offers\/[\w-]+(?=\s|$)/m))
    const release = page.getByRole('button', { name: OFFER_TEXTS.release })
    await release.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByText(releaseQuestionText(label))).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: OFFER_TEXTS.confirmRelease })).toBeFocused()
    await page.keyboard.press('Enter')
    const released = page.getByRole('status').filter({ hasText: OFFER_TEXTS.released })
    await expect(released).toBeFocused()
    await expect(page.getByRole('heading', { level: 1, name: OFFER_TEXTS.releasedTitle })).toBeVisible()
    await expect(page.getByRole('main').getByRole('button')).toHaveCount(0)

    const after = await call<AdminMailingOffersDto>(admin, 'GET', `/api/admin/mailings/${next}/offers`)
    expect(after.offers.map((o) => [o.businessName, o.state]).sort()).toEqual(
      [
        [buyer.businessName, 'kept'],
        [other.businessName, 'released'],
      ].sort(),
    )
  } finally {
    await admin.dispose()
  }
})

test('an unknown offer link says so, clean at both widths', async ({ page }) => {
  await page.goto(`/offers/${'x'.repeat(43)}`)
  await expect(page.getByRole('heading', { level: 1, name: OFFER_TEXTS.title })).toBeVisible()
  await expect(page.getByText(OFFER_TEXTS.notFound)).toBeVisible()
  await expectCleanAtBothWidths(page)
})

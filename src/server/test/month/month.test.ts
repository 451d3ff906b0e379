// @engines pglite postgres
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { calendarDays, outbox } from '#server/db/schema.ts'
import { NO_HOLD_LIMITS } from '#server/test/checkout-test-helpers.ts'
import { ADMIN, createTestApp, type TestApp } from '#server/test/test-app.ts'
import { addMonths, todayInTimeZone } from '#shared/dates.ts'
import { toMonthKey } from '#shared/mailings.ts'
import { type ScreenWorld, screens } from './screens.ts'
import { type Bought, buyAll, ways } from './ways-of-buying.ts'

/**
 * The month test: every way a line comes to be (ways-of-buying.ts, the rows) against every screen and task
 * that lists or acts on lines (screens.ts, the columns), in one mailing six months ahead (inside the
 * Mailings overview's year, open for sale, its deadlines far). Each row buys once, on its own days, before
 * any cell runs; each cell is its own test.
 */
let t: TestApp
let world: ScreenWorld
const bought = new Map<string, Bought>()

beforeAll(async () => {
  t = await createTestApp({ env: NO_HOLD_LIMITS })
  await t.createAdmin()
  const admin = await t.signIn(ADMIN)
  const [y, m] = todayInTimeZone('America/New_York').split('-').map(Number) as [number, number]
  const ahead = addMonths(y, m, 6)
  const month = toMonthKey(ahead.year, ahead.month)

  // Last month's advertisers first (their offers are made when the month's days are set up).
  for (const way of ways) await way.before?.({ t, admin, month })
  const init = await t.request('/api/admin/calendar-days/initialize', {
    method: 'POST',
    cookie: admin,
    json: { startDate: `${month}-01`, endDate: `${month}-28`, price: 120 },
  })
  if (init.status !== 200) throw new Error(`initialize: ${init.status} ${await init.text()}`)
  const days = new Map(
    (await t.db.select({ id: calendarDays.id, date: calendarDays.date }).from(calendarDays)).map((d) => [
      d.date,
      d.id,
    ]),
  )
  const dayId = (n: number) => {
    const id = days.get(`${month}-${String(n).padStart(2, '0')}`)
    if (!id) throw new Error(`no day ${n} of ${month}`)
    return id
  }

  const results = new Map<string, Promise<unknown>>()
  const sessions = new Map<string, string>()
  let signIns = 0
  world = {
    t,
    admin,
    month,
    dayId,
    all: [],
    once: <T>(key: string, make: () => Promise<T>) => {
      if (!results.has(key)) results.set(key, make())
      return results.get(key) as Promise<T>
    },
    advertiser: async (email: string) => {
      const known = sessions.get(email)
      if (known) return known
      // Each advertiser asks from its own address, so the sign-in link's limits never mix.
      const ip = `198.51.100.${++signIns}`
      const asked = await t.request('/api/auth/sign-in/magic-link', {
        method: 'POST',
        ip,
        json: { email, callbackURL: '/account', errorCallbackURL: '/account' },
      })
      if (asked.status !== 200) throw new Error(`sign-in link for ${email}: ${asked.status}`)
      const mails = await t.db
        .select({ text: outbox.textBody })
        .from(outbox)
        .where(and(eq(outbox.kind, 'sign_in_link'), eq(outbox.toAddress, email)))
      const url = /https?:\/\/\S+\/api\/auth\/magic-link\/verify\S+/.exec(mails.at(-1)?.text ?? '')?.[0]
      if (!url) throw new Error(`no sign-in link to ${email}`)
      const opened = await t.request(`${new URL(url).pathname}${new URL(url).search}`, { ip })
      const cookie = opened.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .filter((c) => !/=$/.test(c as string))
        .join('; ')
      if (!cookie.includes('session_token')) throw new Error(`no session for ${email}`)
      sessions.set(email, cookie)
      return cookie
    },
  }
  world.all = await buyAll(world)
  for (const row of world.all) bought.set(row.way, row)
})
afterAll(() => t.close())

describe.each(screens)('$name', (screen) => {
  it.each(ways.map((w) => w.name))('%s', async (name) => {
    await screen.check(world, bought.get(name) as Bought)
  })
})

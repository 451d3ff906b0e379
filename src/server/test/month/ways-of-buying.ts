import { and, asc, eq } from 'drizzle-orm'
import { orders, outbox } from '#server/db/schema.ts'
import { checkoutContext } from '#server/features/checkout/checkout-context.ts'
import { sweepExpiredHolds } from '#server/features/checkout/hold-sweeper.ts'
import { confirmCheckoutPayment } from '#server/features/checkout/payment-confirmation.service.ts'
import { createLogger } from '#server/lib/logger.ts'
import { iconNamed, paidDayIn } from '#server/test/offer-test-helpers.ts'
import type { TestApp } from '#server/test/test-app.ts'

/**
 * The rows of the month test: every way a line comes to be. Each way buys once, in the one mailing month
 * of the test file, on days no other way uses, as its own business and e-mail, and answers what it made.
 * A new way of buying is one more entry of `ways`.
 */

export type Line = typeof orders.$inferSelect

/** The month every way buys in, and the previous month whose advertisers are offered its days first. */
export type MonthWorld = {
  t: TestApp
  admin: string
  month: string
  /** The day id of day `n` of the month (days 1 to 28 are set up at $120). */
  dayId: (n: number) => string
}

export type Buyer = { businessName: string; email: string }

/** What a way of buying left: the purchase, its lines as they are now, and what the screens should show. */
export type Bought = {
  way: string
  buyer: Buyer
  purchaseId: string
  lines: Line[]
  /** The lines still sold (paid): what the board, the proof and the buyer's lines show. */
  live: Line[]
  /** Lines refunded by the owner: on Orders as refunded, on no production screen. */
  refunded: Line[]
  /** The invoice PDF's path, for a purchase paid from its invoice. */
  invoicePdfPath?: string
}

export type Way = {
  name: string
  /** Who buys; absent: a business of its own (`Row{n} Shop`). */
  buyer?: Buyer
  /** Days of the month this way buys (its own; no two ways share one). */
  days: number[]
  /** The lines it leaves paid and refunded: checked once bought, so no cell passes on a purchase that went wrong. */
  leaves: { paid: number; refunded: number }
  /** The previous month's lines this way needs (a returning advertiser's offer), made before the month opens. */
  before?: (world: Omit<MonthWorld, 'dayId'>) => Promise<void>
  buy: (world: MonthWorld, buyer: Buyer) => Promise<{ purchaseId: string; invoicePdfPath?: string }>
}

// ---------------------------------------------------------------- the steps the ways share

async function post(t: TestApp, path: string, json: unknown, cookie?: string) {
  const response = await t.request(path, { method: 'POST', json, ...(cookie ? { cookie } : {}) })
  const body = await response.json()
  if (response.status >= 300) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`)
  return body
}

const sessionOf = (body: { sessionUrl: string }) => body.sessionUrl.split('/').pop() as string

/** Pays a session on the local TEST MODE checkout, as the buyer's browser does. */
async function pay(t: TestApp, sessionId: string) {
  const paid = await t.request(`/pay/${sessionId}/complete`, { method: 'POST' })
  if (paid.status !== 303) throw new Error(`pay ${sessionId}: ${paid.status}`)
}

async function purchaseOfSession(t: TestApp, sessionId: string): Promise<string> {
  const [line] = await t.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId))
  if (!line) throw new Error(`no lines for session ${sessionId}`)
  return line.purchaseId
}

async function linesOfPurchase(t: TestApp, purchaseId: string) {
  return t.db.select().from(orders).where(eq(orders.purchaseId, purchaseId)).orderBy(asc(orders.id))
}

async function cart(w: MonthWorld, buyer: Buyer, days: number[], icon: string | null) {
  const body = await post(w.t, '/api/functions/create-cart-checkout-session', {
    ...buyer,
    calendarDayIds: days.map(w.dayId),
    mapIconId: icon ? (await iconNamed(w.t, icon)).id : null,
    mapIconMonth: icon ? w.month : undefined,
    discount: days.length >= 4 ? 20 : days.length >= 2 ? 10 : 0,
  })
  return sessionOf(body)
}

async function paidCart(w: MonthWorld, buyer: Buyer, days: number[], icon: string | null = null) {
  const sessionId = await cart(w, buyer, days, icon)
  await pay(w.t, sessionId)
  return purchaseOfSession(w.t, sessionId)
}

async function paidIcon(w: MonthWorld, buyer: Buyer, icon: string) {
  const body = await post(w.t, '/api/functions/create-map-icon-checkout', {
    ...buyer,
    iconId: (await iconNamed(w.t, icon)).id,
    month: w.month,
  })
  await pay(w.t, sessionOf(body))
  return { purchaseId: await purchaseOfSession(w.t, sessionOf(body)) }
}

async function manualOrder(w: MonthWorld, buyer: Buyer, day: number, status: 'paid' | 'pending') {
  const body = await post(w.t, '/api/admin/manual-orders', { ...buyer, dayId: w.dayId(day), status }, w.admin)
  return body.id as string
}

async function refund(w: MonthWorld, lines: Line[]) {
  await post(
    w.t,
    '/api/admin/refunds',
    { orderIds: lines.map((l) => l.id), reason: 'The shop closed for the season' },
    w.admin,
  )
}

/** A paid line of the previous month: its buyer is offered the same day of this month when it opens. */
async function paidDayLastMonth(world: Omit<MonthWorld, 'dayId'>, day: number, buyer: Buyer) {
  const [y, m] = world.month.split('-').map(Number) as [number, number]
  const prev = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`
  await paidDayIn(world.t, `${prev}-${String(day).padStart(2, '0')}`, buyer)
}

/** The link of the latest e-mail of `kind` to `email` that `pattern` finds. */
async function linkIn(t: TestApp, email: string, kind: string, pattern: RegExp): Promise<string> {
  const mails = await t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, email), eq(outbox.kind, kind)))
    .orderBy(asc(outbox.createdAt))
  const found = pattern.exec(mails.at(-1)?.textBody ?? '')?.[1]
  if (!found) throw new Error(`no ${kind} link to ${email} in: ${mails.at(-1)?.textBody}`)
  return found
}

const offerToken = (t: TestApp, email: string) =>
  linkIn(t, email, 'offer', /\/offers\/([A-Za-z0-9_-]{43})\/keep/)

// ---------------------------------------------------------------- the rows

/** The returning advertisers of the month's two offer rows (last month's buyers of days 16 and 17). */
const KEEPER: Buyer = { businessName: 'Keeper Hardware', email: 'keeper@month.example' }
const RELEASER: Buyer = { businessName: 'Releaser Optics', email: 'releaser@month.example' }

export const ways: Way[] = [
  {
    name: 'cart checkout (four days and an icon, bulk discount)',
    days: [1, 2, 3, 4],
    leaves: { paid: 5, refunded: 0 },
    buy: async (w, buyer) => ({ purchaseId: await paidCart(w, buyer, [1, 2, 3, 4], 'Map Icon') }),
  },
  {
    name: 'single day',
    days: [5],
    leaves: { paid: 1, refunded: 0 },
    buy: async (w, buyer) => {
      const body = await post(w.t, '/api/functions/create-checkout-session', { ...buyer, dayId: w.dayId(5) })
      await pay(w.t, sessionOf(body))
      return { purchaseId: await purchaseOfSession(w.t, sessionOf(body)) }
    },
  },
  {
    name: 'map icon (regular)',
    days: [],
    leaves: { paid: 1, refunded: 0 },
    buy: (w, buyer) => paidIcon(w, buyer, 'Map Icon'),
  },
  {
    name: 'map icon (premium)',
    days: [],
    leaves: { paid: 1, refunded: 0 },
    buy: (w, buyer) => paidIcon(w, buyer, 'Large Map Icon'),
  },
  {
    name: 'special purchase',
    days: [],
    leaves: { paid: 1, refunded: 0 },
    buy: async (w, buyer) => {
      const body = await post(w.t, '/api/functions/create-special-purchase-checkout', {
        ...buyer,
        units: 3,
        amount: 3,
        description: 'Insert in the envelope',
      })
      await pay(w.t, sessionOf(body))
      return { purchaseId: await purchaseOfSession(w.t, sessionOf(body)) }
    },
  },
  {
    name: 'manual order paid',
    days: [6],
    leaves: { paid: 1, refunded: 0 },
    buy: async (w, buyer) => {
      const id = await manualOrder(w, buyer, 6, 'paid')
      const [line] = await w.t.db.select().from(orders).where(eq(orders.id, id))
      return { purchaseId: line?.purchaseId as string }
    },
  },
  {
    name: 'manual order pending, paid from its invoice’s pay link',
    days: [7],
    leaves: { paid: 1, refunded: 0 },
    buy: async (w, buyer) => {
      const id = await manualOrder(w, buyer, 7, 'pending')
      const [line] = await w.t.db.select().from(orders).where(eq(orders.id, id))
      const purchaseId = line?.purchaseId as string
      await post(w.t, `/api/admin/checkouts/${purchaseId}/invoice`, {}, w.admin)
      const payUrl = await linkIn(w.t, buyer.email, 'invoice', /Pay online \(card\): (\S+)/)
      const pdfUrl = await linkIn(w.t, buyer.email, 'invoice', /The invoice \(PDF\): (\S+)/)
      const checkout = (await w.t.request(new URL(payUrl).pathname)).headers.get('location') ?? ''
      await pay(w.t, checkout.split('/').pop() as string)
      return { purchaseId, invoicePdfPath: new URL(pdfUrl).pathname }
    },
  },
  {
    name: 'offer kept (a returning advertiser’s “Keep my spots”)',
    buyer: KEEPER,
    days: [16],
    leaves: { paid: 1, refunded: 0 },
    before: (world) => paidDayLastMonth(world, 16, KEEPER),
    buy: async (w) => {
      const token = await offerToken(w.t, KEEPER.email)
      const checkout = (await w.t.request(`/offers/${token}/keep`)).headers.get('location') ?? ''
      const sessionId = checkout.split('/').pop() as string
      await pay(w.t, sessionId)
      return { purchaseId: await purchaseOfSession(w.t, sessionId) }
    },
  },
  {
    name: 'offer released, the day then bought by a stranger',
    days: [17],
    leaves: { paid: 1, refunded: 0 },
    before: (world) => paidDayLastMonth(world, 17, RELEASER),
    buy: async (w, buyer) => {
      const token = await offerToken(w.t, RELEASER.email)
      await post(w.t, `/api/offers/${token}/release`, {})
      return { purchaseId: await paidCart(w, buyer, [17]) }
    },
  },
  {
    name: 'late payment honoured (paid after its hold lapsed, the day still free)',
    days: [8],
    leaves: { paid: 1, refunded: 0 },
    buy: async (w, buyer) => {
      const sessionId = await cart(w, buyer, [8], null)
      // The hold's time passes and the sweeper frees the day; then the payment arrives.
      await w.t.db
        .update(orders)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(orders.paymentSessionId, sessionId))
      await sweepExpiredHolds(w.t.db)
      const paid = await confirmCheckoutPayment(
        checkoutContext(w.t.deps, createLogger('silent')),
        sessionId,
        'pi_month_late',
      )
      if (paid.outcome !== 'paid') throw new Error(`late payment: ${paid.outcome}`)
      return { purchaseId: await purchaseOfSession(w.t, sessionId) }
    },
  },
  {
    name: 'partial refund (one day of two refunded)',
    days: [9, 10],
    leaves: { paid: 1, refunded: 1 },
    buy: async (w, buyer) => {
      const purchaseId = await paidCart(w, buyer, [9, 10])
      const lines = await linesOfPurchase(w.t, purchaseId)
      await refund(
        w,
        lines.filter((l) => l.dayId === w.dayId(10)),
      )
      return { purchaseId }
    },
  },
  {
    name: 'full refund (a day and an icon, all refunded)',
    days: [11],
    leaves: { paid: 0, refunded: 2 },
    buy: async (w, buyer) => {
      const purchaseId = await paidCart(w, buyer, [11], 'Map Icon')
      await refund(w, await linesOfPurchase(w.t, purchaseId))
      return { purchaseId }
    },
  },
]

/** Each way's buyer: its own business and address (the kept offer buys as last month's advertiser). */
export function buyerOf(way: Way, index: number): Buyer {
  return way.buyer ?? { businessName: `Row${index + 1} Shop`, email: `row${index + 1}@month.example` }
}

/** Buys every way in turn; answers what each left, read back from the database. */
export async function buyAll(world: MonthWorld): Promise<Bought[]> {
  const bought: Bought[] = []
  for (const [index, way] of ways.entries()) {
    const buyer = buyerOf(way, index)
    let made: Awaited<ReturnType<Way['buy']>>
    try {
      made = await way.buy(world, buyer)
    } catch (error) {
      throw new Error(`buying "${way.name}": ${(error as Error).message}`)
    }
    bought.push({ way: way.name, buyer, ...made, lines: [], live: [], refunded: [] })
  }
  // Read back after every way has bought: a later purchase must not change an earlier one's lines.
  for (const [index, b] of bought.entries()) {
    b.lines = await linesOfPurchase(world.t, b.purchaseId)
    b.live = b.lines.filter((l) => l.status === 'paid')
    b.refunded = b.lines.filter((l) => l.status === 'refunded')
    const { paid, refunded } = ways[index]?.leaves ?? { paid: 0, refunded: 0 }
    if (b.live.length !== paid || b.refunded.length !== refunded || b.lines.length !== paid + refunded)
      throw new Error(`"${b.way}" left ${b.lines.map((l) => l.status).join(', ')}`)
  }
  return bought
}

// @engines postgres
import { inArray, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '#server/db/client.ts'
import { orders, purchases } from '#server/db/schema.ts'
import { createTestApp, type TestApp } from '#server/test/test-app.ts'
import { testEngine } from '#server/test/test-database.ts'
import type { CheckoutsQuery } from '#shared/admin-checkouts.ts'
import { listCheckouts, listCheckoutsByLines } from './checkouts.service.ts'

/**
 * The purchases' summary (migration 0013) is written by triggers on orders only. Whatever happens to the
 * lines (inserted, re-priced, deleted, hard-deleted, moved to another purchase), each purchase's row must
 * equal what its lines add up to, and the admin's list must agree with it.
 */
let t: TestApp
let run = 0

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

type Summary = {
  key: string
  state: string
  totalCents: number
  paidCents: number
  adDate: string | null
  liveLines: number
  statuses: string[]
  types: string[]
  mailingMonths: string[]
  businessNames: string[]
  emails: string[]
}

/** Arrays compared as sets (the database sorts them in its collation). */
const sorted = (values: Iterable<string>) => [...new Set(values)].sort()

/** The rows of `keys` as the triggers left them. */
async function stored(db: Db, keys: string[]): Promise<Summary[]> {
  const rows = await db.select().from(purchases).where(inArray(purchases.id, keys)).orderBy(purchases.id)
  return rows.map((r) => ({
    key: r.id,
    state: r.state,
    totalCents: r.totalCents,
    paidCents: r.paidCents,
    adDate: r.adDate,
    liveLines: r.liveLines,
    statuses: sorted(r.statuses),
    types: sorted(r.types),
    mailingMonths: sorted(r.mailingMonths),
    businessNames: sorted(r.businessNames),
    emails: sorted(r.emails),
  }))
}

/** The same rows recomputed from the lines, in JavaScript: a purchase whose lines are all gone has none. */
async function expected(db: Db, keys: string[]): Promise<Summary[]> {
  const lines = await db.select().from(orders).where(inArray(orders.purchaseId, keys))
  const existing = await db.select({ id: purchases.id }).from(purchases).where(inArray(purchases.id, keys))
  const byKey = new Map<string, Summary>()
  const empty = (key: string): Summary => ({
    key,
    state: 'deleted',
    totalCents: 0,
    paidCents: 0,
    adDate: null,
    liveLines: 0,
    statuses: [],
    types: [],
    mailingMonths: [],
    businessNames: [],
    emails: [],
  })
  for (const { id } of existing) byKey.set(id, empty(id))
  for (const line of lines) {
    const row = byKey.get(line.purchaseId) ?? empty(line.purchaseId)
    byKey.set(line.purchaseId, row)
    if (line.status === 'deleted') continue
    const type =
      line.metadata?.order_type === 'special_purchase'
        ? 'special_purchase'
        : line.mapIconId || line.itemName
          ? 'map_icon'
          : 'calendar_day'
    row.statuses = sorted([...row.statuses, line.status])
    row.types = sorted([...row.types, type])
    if (line.mailingMonth) row.mailingMonths = sorted([...row.mailingMonths, line.mailingMonth])
    row.businessNames = sorted([...row.businessNames, line.businessName])
    row.emails = sorted([...row.emails, line.email])
    if (line.itemDate !== null && (row.adDate === null || line.itemDate < row.adDate))
      row.adDate = line.itemDate
    row.totalCents += line.amountCents
    if (line.status === 'paid') row.paidCents += line.amountCents
    row.liveLines += 1
  }
  for (const row of byKey.values()) row.state = stateOf(row)
  return [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : 1))
}

function stateOf(row: Summary): string {
  const has = (status: string) => row.statuses.includes(status)
  if (row.liveLines === 0) return 'deleted'
  if (has('paid')) return has('refunded') ? 'partly_refunded' : 'paid'
  if (has('pending')) return 'pending'
  return has('refunded') ? 'refunded' : 'expired'
}

const STATUSES = ['pending', 'paid', 'refunded', 'expired', 'deleted'] as const

const operation = fc.oneof(
  fc.record({
    op: fc.constant('insert' as const),
    checkout: fc.nat(2),
    status: fc.constantFrom(...STATUSES),
    amount: fc.integer({ min: 0, max: 50_000 }),
    day: fc.option(fc.integer({ min: 1, max: 28 }), { nil: null }),
    minute: fc.nat(600),
    kind: fc.constantFrom('day', 'icon', 'special'),
    business: fc.nat(2),
  }),
  fc.record({ op: fc.constant('status' as const), line: fc.nat(20), status: fc.constantFrom(...STATUSES) }),
  fc.record({
    op: fc.constant('amount' as const),
    line: fc.nat(20),
    amount: fc.integer({ min: 0, max: 50_000 }),
  }),
  fc.record({ op: fc.constant('move' as const), line: fc.nat(20), checkout: fc.nat(2) }),
  fc.record({ op: fc.constant('remove' as const), line: fc.nat(20) }),
  fc.record({ op: fc.constant('bulkStatus' as const), status: fc.constantFrom(...STATUSES) }),
)

/** Asked of each run's checkouts (all carry the run's business name), besides that name. */
const QUERIES: CheckoutsQuery[] = [
  {},
  { sort: 'amount', dir: 'desc' },
  { sort: 'amount', dir: 'asc' },
  { sort: 'adDate', dir: 'asc' },
  { sort: 'adDate', dir: 'desc' },
  { sort: 'created', dir: 'asc' },
  ...STATUSES.filter((s) => s !== 'deleted').map((status) => ({ status })),
  { type: 'map_icon' },
  { type: 'special_purchase', sort: 'amount' },
  { type: 'calendar_day', status: 'paid' },
  { mailingMonth: '2036-02' },
  { email: 'owner1.' },
  { maxPrice: 300 },
  { status: 'pending', maxPrice: 400, sort: 'adDate' },
  { createdFrom: '2036-01-01', createdTo: '2036-01-01', status: 'refunded' },
  { pageSize: 2, page: 2 },
]

describe('the checkouts summary', () => {
  it('equals what the lines add up to after any sequence of writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 14 }), async (ops) => {
        run += 1
        const sessions = [0, 1, 2].map((i) => `cs_summary_${run}_${i}`)
        const ids: string[] = []
        const keys = new Set<string>(sessions)
        // A line may be moved to a checkout that has none yet: its purchase exists from the start.
        for (const session of sessions)
          await t.db.execute(sql`insert into purchases (id, advertiser_id, business_name, email)
            values (${session}, advertiser_for_email(${`owner0.sum${run}@example.com`}, ${`Sum${run} Shop`}),
              ${`Sum${run} Shop`}, ${`owner0.sum${run}@example.com`})`)
        await t.db.execute(
          sql`select refresh_purchases(array[${sql.join(
            sessions.map((s) => sql`${s}`),
            sql`, `,
          )}]::text[])`,
        )
        const pick = (n: number) => ids[n % Math.max(ids.length, 1)]
        for (const [i, o] of ops.entries()) {
          if (o.op === 'insert') {
            const id = `ORD-sum-${run}-${i}`
            // Checkout 2 is a manual order's own checkout (no session): its key is its id.
            const session = o.checkout === 2 ? null : sessions[o.checkout]
            await t.db.insert(orders).values({
              id,
              businessName: [`Sum${run} Shop`, `Sum${run} Café`, `sum${run} bakery`][o.business] as string,
              email: `owner${o.business}.sum${run}@example.com`,
              status: o.status,
              amountCents: o.amount,
              paymentSessionId: session,
              itemDate: o.day === null ? null : `2036-02-${String(o.day).padStart(2, '0')}`,
              itemName: o.kind === 'icon' ? 'Star' : null,
              metadata: o.kind === 'special' ? { order_type: 'special_purchase' } : null,
              createdAt: new Date(Date.UTC(2036, 0, 1, 0, o.minute)),
            })
            ids.push(id)
            keys.add(id)
            continue
          }
          if (o.op === 'bulkStatus') {
            if (ids.length > 0)
              await t.db.update(orders).set({ status: o.status }).where(inArray(orders.id, ids))
            continue
          }
          const id = pick(o.line)
          if (id === undefined) continue
          const where = inArray(orders.id, [id])
          if (o.op === 'status') await t.db.update(orders).set({ status: o.status }).where(where)
          else if (o.op === 'amount') await t.db.update(orders).set({ amountCents: o.amount }).where(where)
          else if (o.op === 'move')
            await t.db
              .update(orders)
              .set({ paymentSessionId: sessions[o.checkout], purchaseId: sessions[o.checkout] as string })
              .where(where)
          else {
            await t.db.delete(orders).where(where)
            ids.splice(ids.indexOf(id), 1)
          }
        }
        const all = [...keys]
        expect(await stored(t.db, all)).toEqual(await expected(t.db, all))
        // The list from the summary answers as the list grouped from the lines, whatever is asked.
        for (const extra of QUERIES) {
          const query = { businessName: `Sum${run}`, ...extra }
          const [fromSummary, fromLines] = await Promise.all([
            listCheckouts(t.db, query, t.deps.config.timeZone),
            listCheckoutsByLines(t.db, query, t.deps.config.timeZone),
          ])
          expect(
            { keys: fromSummary.checkouts.map((c) => c.key), total: fromSummary.total },
            JSON.stringify(query),
          ).toEqual({
            keys: fromLines.checkouts.map((c) => c.key),
            total: fromLines.total,
          })
        }
      }),
      { numRuns: 25 },
    )
    // 25 sequences and 19 list comparisons each: seconds on a quiet machine; the limit is for a hang only.
  }, 180_000)

  it('a metadata-only change leaves the row alone, and TRUNCATE leaves the purchase without lines', async () => {
    const db = await createTestApp()
    try {
      await db.db.insert(orders).values({
        id: 'ORD-sum-meta',
        businessName: 'Meta Shop',
        email: 'meta@example.com',
        status: 'paid',
        amountCents: 9900,
      })
      await db.db
        .update(orders)
        .set({ metadata: { note: 'x' } })
        .where(inArray(orders.id, ['ORD-sum-meta']))
      expect(await stored(db.db, ['ORD-sum-meta'])).toEqual(await expected(db.db, ['ORD-sum-meta']))
      await db.db.execute(sql`truncate table ${orders} cascade`)
      expect(await stored(db.db, ['ORD-sum-meta'])).toEqual(await expected(db.db, ['ORD-sum-meta']))
      expect((await stored(db.db, ['ORD-sum-meta']))[0]?.state).toBe('deleted')
    } finally {
      await db.close()
    }
  })
})

/**
 * Writers of one checkout in parallel transactions (PostgreSQL's pool gives each its own connection; PGlite
 * runs one at a time and hides the race): each adds a line and re-prices another while the others are open.
 * A summary recomputed from a stale snapshot would miss the lines committed meanwhile.
 */
describe.skipIf(testEngine !== 'postgres')(
  'the checkouts summary under concurrent writers (PostgreSQL)',
  () => {
    it('20 transactions on one checkout leave it equal to its lines', async () => {
      const session = 'cs_summary_race'
      await t.db.insert(orders).values(
        Array.from({ length: 20 }, (_, i) => ({
          id: `ORD-race-base-${i}`,
          businessName: 'Race Shop',
          email: 'race@example.com',
          status: 'pending',
          amountCents: 1000,
          paymentSessionId: session,
        })),
      )
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          t.db.transaction(async (tx) => {
            await tx.insert(orders).values({
              id: `ORD-race-new-${i}`,
              businessName: 'Race Shop',
              email: 'race@example.com',
              status: 'paid',
              amountCents: 100 + i,
              paymentSessionId: session,
            })
            await tx.execute(sql`select pg_sleep(0.01)`)
            await tx
              .update(orders)
              .set({ amountCents: 2000 + i, status: i % 4 === 0 ? 'deleted' : 'paid' })
              .where(inArray(orders.id, [`ORD-race-base-${i}`]))
          }),
        ),
      )
      const [row] = await stored(t.db, [session])
      expect(row).toEqual((await expected(t.db, [session]))[0])
      expect(row?.liveLines).toBe(35)
    })
  },
)

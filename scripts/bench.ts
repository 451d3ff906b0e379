/**
 * npm run bench: the API throughput bench (scripts/bench-api.ts: public reads of the built server on PGlite
 * and PostgreSQL, against a bare node:http server, and the pages' first byte and requests/s beside a static
 * file of the same server), the checkout bench (scripts/bench-checkout.ts), the
 * startup bench, the admin month overview on ten years of data (scripts/bench-mailings.ts) and the admin
 * Orders screen by checkout on 50,000 orders with its CSV export and Chromium (scripts/bench-checkouts.ts), printed as
 * one table and notes. Progress goes to stderr, the results to stdout.
 * PostgreSQL: BENCH_DATABASE_URL, DATABASE_URL or TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432.
 * Exits 1 when the checkout probe finds a broken invariant or an answer other than 200/409.
 */
import os from 'node:os'
import {
  API_FOOTNOTE,
  apiRowCells,
  PAGE_FOOTNOTE,
  PAGE_RIGHT_ALIGNED,
  PAGE_TABLE_HEADER,
  pageRowCells,
  renderTable,
  runApiBench,
  TABLE_HEADER,
} from './bench-api.ts'
import { type Latency, runCheckoutBench } from './bench-checkout.ts'
import { describeCheckoutsBench, runCheckoutsBench } from './bench-checkouts.ts'
import { describeMailingsBench, runMailingsBench } from './bench-mailings.ts'
import { runStartupBench } from './bench-startup.ts'

const postgresUrl =
  process.env.BENCH_DATABASE_URL ||
  process.env.DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/postgres'

const log = (line: string) => console.error(line)
const started = new Date()
console.error('API throughput bench:')
const api = await runApiBench(log)
console.error('checkout bench:')
const checkout = await runCheckoutBench({ databaseUrl: postgresUrl, log: (line) => log(`  ${line}`) })
console.error('startup bench:')
const startup = await runStartupBench({ log: (line) => log(`  ${line}`) })
console.error('admin month overview bench:')
const mailings = await runMailingsBench({ databaseUrl: postgresUrl, log: (line) => log(`  ${line}`) })
console.error('admin orders by checkout bench:')
const checkouts = await runCheckoutsBench({ databaseUrl: postgresUrl, log: (line) => log(`  ${line}`) })

const checkoutRow = (mode: string, l: Latency) => [
  'postgres',
  'cart checkout (2 days + icon)',
  `${mode}, ${l.n} sequential`,
  '',
  l.p50.toFixed(1),
  l.p99.toFixed(1),
  '',
  '',
  '',
  '',
  '',
]
const p = checkout.probe
const ms = (n: number) => `${Math.round(n)} ms`

console.log(
  `\nTownflyer benchmarks — ${started.toISOString()} — ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}\n`,
)
console.log(
  renderTable(TABLE_HEADER, [
    ...api.rows.map(apiRowCells),
    checkoutRow('in-process', checkout.inProcess),
    checkoutRow('over HTTP', checkout.overHttp),
  ]),
)
console.log(`\n${API_FOOTNOTE}`)
console.log(`\n${renderTable(PAGE_TABLE_HEADER, api.pages.map(pageRowCells), PAGE_RIGHT_ALIGNED)}`)
console.log(`\n${PAGE_FOOTNOTE}`)
for (const note of api.notes) console.log(note)
console.log(
  `Checkout concurrency probe: ${p.processes} server processes, ${p.rounds} rounds × ${p.requestsPerRound} simultaneous overlapping carts in ${p.seconds.toFixed(1)} s: held ${p.held}, refused 409 ${p.refused}, other ${p.other}, invariant violations ${p.violations}.`,
)
for (const problem of p.problems) console.log(`  ! ${problem}`)
for (const [mode, l] of [
  ['in-process', checkout.inProcess],
  ['over HTTP', checkout.overHttp],
] as const)
  console.log(
    `Checkout creation on PostgreSQL, ${mode} (${l.n}): p50 ${l.p50.toFixed(1)} ms, p95 ${l.p95.toFixed(1)} ms, p99 ${l.p99.toFixed(1)} ms (target p95 <= 15 ms).`,
  )
const rss = startup.idleRssMb
console.log(
  `Cold start on an existing PGlite folder (${startup.restarts} restarts of dist/server/main.js): first 200 of /api/health median ${ms(startup.healthMs.median)} (min ${ms(startup.healthMs.min)}, max ${ms(startup.healthMs.max)})${startup.pageMs ? `, of / median ${ms(startup.pageMs.median)}` : ''} (target <= 2 s); idle RSS ${rss ? `median ${Math.round(rss.median)} MB` : 'n/a'}; first start on an empty folder ${ms(startup.firstStart.healthMs)}${startup.firstStart.idleRssMb ? `, idle RSS ${Math.round(startup.firstStart.idleRssMb)} MB` : ''}.`,
)
for (const line of describeMailingsBench(mailings)) console.log(line)
for (const line of describeCheckoutsBench(checkouts)) console.log(line)
if (p.violations > 0 || p.other > 0) process.exitCode = 1

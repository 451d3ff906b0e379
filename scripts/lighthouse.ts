// Lighthouse 13 against the BUILT app (npm run build first) on a server of its own: every page in both
// form factors, default simulated throttling. `npm run lighthouse` prints the median of 3 runs;
// `--gate` (npm run test:budgets) fails when a page misses a deterministic gate below. Chromium is Debian's.
//   --runs N          runs per page and form factor (default 3; the median run is reported)
//   --gate            exit 1 when accessibility, best practices or SEO misses. The performance score,
//                     the timings and the layout shift (CLS) are REPORTED against their targets, never
//                     gated: under simulated throttling they depend on how busy the host is at that moment
//                     (a quiet 2-core machine gave / mobile 81 one run and 97 the next; a busy one painted a
//                     half-parsed header, CLS 0.0018, where a quiet one measured 0), so a gate on them
//                     would fail submissions at random. `npm run lighthouse` (median of 3) is where they
//                     are judged; the render-blocking link that keeps CLS at 0 is checked by
//                     e2e/server-rendering.spec.ts.
//   --form-factors mobile,desktop
//                     which to run (default both). npm run test:budgets gates the mobile runs alone: its
//                     gated audits (accessibility, best practices, SEO) read the page's HTML, headers and
//                     console, which are the same at both widths, and the browser tests run axe on every
//                     page at 375 and 1280 px; `npm run lighthouse` runs both.
//   --pages /,/blog   pages to audit; `/blog/:post` is a post this script publishes first (the server
//                     starts on an empty database)
//   --cpu-slowdown N  run the page on a CPU really slowed N times (DevTools throttling) instead of the
//                     simulation: what a busy machine or a slow phone does to the order things paint in,
//                     such as a layout shift that only a half-parsed page shows (8 shows such shifts here)
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js'
import { assertClientBuilt, startBuiltServer } from './lib/built-server.ts'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium.ts'

type Lhr = RunnerResult['lhr']
type FormFactor = 'mobile' | 'desktop'

const CHROME_PATH = CHROMIUM_PATH
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS]
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const

/** Deterministic gates: every run must meet them. */
export const GATES = {
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
} as const

/** Cumulative Layout Shift target: reported for every run, never a pass/fail of `--gate`. */
export const CLS_TARGET = 0

/** Performance targets: reported (median run), never a pass/fail of `--gate`. */
export const PERFORMANCE_TARGETS = { mobile: 98, desktop: 100 } as const
/** Mobile timing targets (median run), reported beside the score. */
export const TIMING_TARGETS_MS = { lcp: 1300, tbt: 50 } as const

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    gate: { type: 'boolean', default: false },
    pages: { type: 'string', default: '/,/5k-example,/calendar,/blog,/blog/:post,/cart-checkout,/about' },
    'form-factors': { type: 'string', default: 'mobile,desktop' },
    /** Folder to keep every report (JSON) in, for digging into a figure. */
    save: { type: 'string' },
    'cpu-slowdown': { type: 'string', default: '0' },
  },
})
const cpuSlowdown = Number(values['cpu-slowdown'])
if (!(cpuSlowdown >= 0)) throw new Error('--cpu-slowdown takes a number, e.g. 8')
const runs = Number(values.runs)
const pages = values.pages.split(',')
const formFactors = values['form-factors'].split(',') as FormFactor[]

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, ...); such a run is repeated, twice at most. */
async function audit(url: string, formFactor: FormFactor, attempt = 1): Promise<Lhr> {
  try {
    return await auditOnce(url, formFactor)
  } catch (error) {
    if (attempt >= 3 || !(error instanceof LighthouseRuntimeError)) throw error
    console.error(`retrying ${url} ${formFactor}: ${error.message}`)
    return audit(url, formFactor, attempt + 1)
  }
}

class LighthouseRuntimeError extends Error {}

async function auditOnce(url: string, formFactor: FormFactor): Promise<Lhr> {
  // A fresh browser per run: no cache, no warmed-up JIT from a previous page.
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS })
  try {
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      ...(cpuSlowdown > 0
        ? {
            // The CPU really slowed (DevTools throttling), the network left as it is.
            throttlingMethod: 'devtools',
            throttling: {
              cpuSlowdownMultiplier: cpuSlowdown,
              requestLatencyMs: 0,
              downloadThroughputKbps: 0,
              uploadThroughputKbps: 0,
            },
          }
        : {}),
    }
    const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined)
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    if (result.lhr.runtimeError)
      throw new LighthouseRuntimeError(`${url}: ${result.lhr.runtimeError.message}`)
    return result.lhr
  } finally {
    chrome.kill()
  }
}

const score = (lhr: Lhr, category: (typeof CATEGORIES)[number]) =>
  Math.round((lhr.categories[category]?.score ?? 0) * 100)
const metric = (lhr: Lhr, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN

/** Audits that cost points in a category, so a failure says what to fix. */
function lostPoints(lhr: Lhr, category: (typeof CATEGORIES)[number]): string[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map(
      (ref) => `${ref.id}${lhr.audits[ref.id]?.displayValue ? ` (${lhr.audits[ref.id]?.displayValue})` : ''}`,
    )
}

/** Accessibility, best practices and SEO: every run must meet them. */
function gateFailures(page: string, formFactor: FormFactor, lhr: Lhr): string[] {
  const failures: string[] = []
  const where = `${page} ${formFactor}`
  for (const category of ['accessibility', 'best-practices', 'seo'] as const) {
    if (score(lhr, category) < GATES[category]) {
      failures.push(
        `${where}: ${category} ${score(lhr, category)} < ${GATES[category]}: ${lostPoints(lhr, category).join(', ')}`,
      )
    }
  }
  return failures
}

/** A run whose layout shift missed its target, for the report. */
function layoutShiftShortfall(page: string, formFactor: FormFactor, lhr: Lhr): string | undefined {
  const cls = metric(lhr, 'cumulative-layout-shift')
  return cls <= CLS_TARGET ? undefined : `${page} ${formFactor}: CLS ${cls.toFixed(4)} > ${CLS_TARGET}`
}

/** The median run (Lighthouse's own choice, the one the table shows) against the targets, for the report. */
function performanceShortfall(page: string, formFactor: FormFactor, lhrs: Lhr[]): string | undefined {
  const median = computeMedianRun(lhrs)
  const perfMin = PERFORMANCE_TARGETS[formFactor]
  const lcp = metric(median, 'largest-contentful-paint')
  const tbt = metric(median, 'total-blocking-time')
  const missed: string[] = []
  if (score(median, 'performance') < perfMin)
    missed.push(`performance ${score(median, 'performance')} < ${perfMin}`)
  if (formFactor === 'mobile' && lcp > TIMING_TARGETS_MS.lcp)
    missed.push(`LCP ${Math.round(lcp)} ms > ${TIMING_TARGETS_MS.lcp} ms`)
  if (formFactor === 'mobile' && tbt > TIMING_TARGETS_MS.tbt)
    missed.push(`TBT ${Math.round(tbt)} ms > ${TIMING_TARGETS_MS.tbt} ms`)
  if (missed.length === 0) return undefined
  const of = lhrs.length === 1 ? '' : ` (median of ${lhrs.length} runs)`
  const lost = lostPoints(median, 'performance')
  return `${page} ${formFactor}${of}: ${missed.join(', ')}${lost.length > 0 ? `; points lost: ${lost.join(', ')}` : ''}`
}

const POST_PAGE = '/blog/:post'
const ADMIN = { email: 'lighthouse-admin@example.com', password: 'lighthouse-admin-password' }

/** Publishes a post of a realistic length through the admin API, for `/blog/:post`; answers its id. */
async function publishPost(origin: string): Promise<string> {
  const headers = { 'content-type': 'application/json', origin }
  const signIn = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify(ADMIN),
  })
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`)
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const paragraph =
    'The spring mailing reaches every home in town: the calendar on one side, the map on the other. ' +
    'Local businesses pick their days, non-profits get theirs free, and the postcard stays on the fridge.'
  const created = await fetch(`${origin}/api/admin/blog-posts`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({
      title: 'What a month on the postcard does for a local shop',
      content: Array.from({ length: 6 }, () => paragraph).join('\n\n'),
      isPublished: true,
    }),
  })
  if (created.status !== 201) throw new Error(`creating the post failed: ${created.status}`)
  return ((await created.json()) as { id: string }).id
}

async function main() {
  assertClientBuilt()
  const server = await startBuiltServer({
    label: 'townflyer-lighthouse',
    admin: pages.includes(POST_PAGE) ? ADMIN : undefined,
  })
  const postId = pages.includes(POST_PAGE) ? await publishPost(server.url) : undefined
  const rows: string[][] = []
  const failures: string[] = []
  const shortfalls: string[] = []
  try {
    for (const page of pages) {
      for (const formFactor of formFactors) {
        const lhrs: Lhr[] = []
        for (let run = 0; run < runs; run++) {
          const lhr = await audit(server.url + page.replace(POST_PAGE, `/blog/${postId}`), formFactor)
          lhrs.push(lhr)
          if (values.save) {
            fs.mkdirSync(values.save, { recursive: true })
            const name = `${page.replace(/\W+/g, '_') || '_'}-${formFactor}-${run + 1}.json`
            fs.writeFileSync(path.join(values.save, name), JSON.stringify(lhr))
          }
        }
        const median = computeMedianRun(lhrs)
        rows.push([
          page,
          formFactor,
          ...CATEGORIES.map((category) => String(score(median, category))),
          `${Math.round(metric(median, 'largest-contentful-paint'))} ms`,
          `${Math.round(metric(median, 'total-blocking-time'))} ms`,
          metric(median, 'cumulative-layout-shift').toFixed(3),
          lhrs.map((lhr) => score(lhr, 'performance')).join('/'),
        ])
        console.error(`done: ${page} ${formFactor} (${rows.at(-1)?.slice(2).join(' ')})`)
        for (const lhr of lhrs) {
          failures.push(...gateFailures(page, formFactor, lhr))
          const shift = layoutShiftShortfall(page, formFactor, lhr)
          if (shift) shortfalls.push(shift)
        }
        const perf = performanceShortfall(page, formFactor, lhrs)
        if (perf) shortfalls.push(perf)
      }
    }
  } finally {
    await server.stop()
  }

  const header = ['page', 'form factor', 'perf', 'a11y', 'bp', 'seo', 'LCP', 'TBT', 'CLS', 'perf per run']
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]?.length ?? 0)))
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ')
  console.log(`Lighthouse ${runs === 1 ? '(1 run)' : `(median of ${runs} runs)`}, simulated throttling`)
  console.log(line(header))
  for (const row of rows) console.log(line(row))
  console.log(
    `gates: a11y/bp/seo = 100. Targets (reported, not gated): CLS = ${CLS_TARGET} every run; performance >= ${PERFORMANCE_TARGETS.mobile} mobile, ${PERFORMANCE_TARGETS.desktop} desktop; mobile LCP <= ${TIMING_TARGETS_MS.lcp} ms, TBT <= ${TIMING_TARGETS_MS.tbt} ms`,
  )
  if (shortfalls.length > 0)
    console.log(
      `\nREPORT (not a failure; the score depends on how busy the host is; judge with npm run lighthouse, median of 3):\n  ${shortfalls.join('\n  ')}`,
    )

  if (failures.length > 0) {
    console.log(`\n${failures.length} gate(s) missed:\n  ${failures.join('\n  ')}`)
    if (values.gate) process.exitCode = 1
  }
}

await main()

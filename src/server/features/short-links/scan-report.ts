import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { advertisers, emailUnsubscribes, mailings, orders, purchases } from '#server/db/schema.ts'
import type { AppDeps } from '#server/http/app-env.ts'
import { eachOnItsOwn } from '#server/lib/each-on-its-own.ts'
import type { Logger } from '#server/lib/logger.ts'
import { enqueueEmails, type OutboxEmail } from '#server/lib/mailer/outbox.ts'
import { startPeriodicTask } from '#server/lib/periodic-task.ts'
import { normalizeAddress, unsubscribeUrl } from '#server/lib/unsubscribe-token.ts'
import { todayInTimeZone } from '#shared/dates.ts'
import { type MonthKey, mailingMonthLabel } from '#shared/mailings.ts'
import { scanReportSubject, scansText } from '#shared/short-links.ts'
import type { SiteConfig } from '#shared/site-config.ts'
import { linkedLine } from '../orders/line-links.service.ts'
import { describePurchaseLine } from '../orders/purchase-document-lines.ts'
import { firstSellingMonth } from '../orders/selling-months.service.ts'
import { liveLine, scanTotals } from './short-links.service.ts'

const SCAN_REPORT_INTERVAL_MS = 5 * 60_000
/** The report goes out this many days after a mailing's in-homes date… */
export const SCAN_REPORT_AFTER_DAYS = 14
/** …and is not sent any more this many days after that (a server that was down catches up, not later). */
export const SCAN_REPORT_LATEST_DAYS = 30

export type ScanReportContext = {
  db: Db
  timeZone: string
  /** PUBLIC_URL, or the local address the server answers on; no trailing slash. */
  publicOrigin: string
  site: SiteConfig
  /** The key of the unsubscribe link every advertiser e-mail carries. */
  secret: string
}

export function scanReportContext(deps: AppDeps): ScanReportContext {
  return {
    db: deps.database.db,
    timeZone: deps.config.timeZone,
    publicOrigin: deps.config.publicOrigin,
    site: deps.config.site,
    secret: deps.authSecret,
  }
}

const DAY_MS = 24 * 60 * 60 * 1000

function addDays(day: string, offset: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10)
}

type ReportLine = { description: string; scans: number; people: number }

type Report = {
  advertiserId: string
  email: string
  businessName: string
  lines: ReportLine[]
}

export const scanReportDedupeKey = (month: MonthKey, advertiserId: string) =>
  `scan-report:${month}:${advertiserId}`

/**
 * "Your ad was scanned N times" (plain text): each of the advertiser's lines in the mailing with its scans,
 * the link to book the next mailing, and the unsubscribe link (also as List-Unsubscribe, RFC 8058).
 */
export function scanReportEmail(
  month: MonthKey,
  report: Report,
  bookUrl: string,
  context: ScanReportContext,
): OutboxEmail {
  const { site, publicOrigin } = context
  const scans = report.lines.reduce((sum, l) => sum + l.scans, 0)
  const people = report.lines.reduce((sum, l) => sum + l.people, 0)
  const unsubscribe = unsubscribeUrl(publicOrigin, context.secret, report.email)
  return {
    dedupeKey: scanReportDedupeKey(month, report.advertiserId),
    kind: 'scan_report',
    to: normalizeAddress(report.email),
    subject: scanReportSubject(scans),
    text: [
      `Hello ${report.businessName},`,
      '',
      `People scanned the QR code of your ad in the ${mailingMonthLabel(month)} ${site.productName}: ${scansText(scans, people)}.`,
      '',
      ...report.lines.map((l) => `- ${l.description}: ${scansText(l.scans, l.people)}`),
      '',
      `Book your spot in the next postcard: ${bookUrl}`,
      `See your scans day by day: ${publicOrigin}/account`,
      '',
      `Questions? Write to ${site.contactEmail} or call ${site.contactPhone}.`,
      site.productName,
      '',
      `You receive this because you advertised in the ${mailingMonthLabel(month)} ${site.productName}.`,
      `Unsubscribe from these e-mails: ${unsubscribe}`,
    ].join('\n'),
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}

/** The reports of one mailing: each advertiser with at least one scan on its live lines there. */
async function reportsOf(ctx: ScanReportContext, month: MonthKey, now: Date): Promise<Report[]> {
  const rows = await ctx.db
    .select({
      orderId: orders.id,
      advertiserId: advertisers.id,
      email: advertisers.email,
      advertiserName: advertisers.businessName,
      businessName: orders.businessName,
      itemDate: orders.itemDate,
      itemName: orders.itemName,
      itemSize: orders.itemSize,
      mailingMonth: orders.mailingMonth,
      mapIconId: orders.mapIconId,
      metadata: orders.metadata,
    })
    .from(orders)
    .innerJoin(purchases, eq(purchases.id, orders.purchaseId))
    .innerJoin(advertisers, eq(advertisers.id, purchases.advertiserId))
    .where(and(eq(orders.mailingMonth, month), linkedLine, liveLine(now)))
    .orderBy(asc(advertisers.id), sql`${orders.itemDate} asc nulls last`, asc(orders.id))
  const totals = await scanTotals(
    ctx.db,
    rows.map((r) => r.orderId),
  )
  const reports = new Map<string, Report>()
  for (const row of rows) {
    let report = reports.get(row.advertiserId)
    if (!report) {
      report = {
        advertiserId: row.advertiserId,
        email: row.email,
        businessName: row.advertiserName ?? row.businessName,
        lines: [],
      }
      reports.set(row.advertiserId, report)
    }
    const total = totals.get(row.orderId)
    report.lines.push({
      description: describePurchaseLine(row),
      scans: total?.scans ?? 0,
      people: total?.people ?? 0,
    })
  }
  return [...reports.values()].filter((r) => r.lines.some((l) => l.scans > 0))
}

/**
 * Queues one mailing's scan reports: one e-mail to each advertiser with scans there, unless its address
 * unsubscribed, with a dedupe key per mailing and advertiser. Answers how many were queued.
 */
export async function queueScanReports(
  ctx: ScanReportContext,
  month: MonthKey,
  now: Date,
  bookUrl: string,
): Promise<number> {
  const reports = (await reportsOf(ctx, month, now)).map((r) => ({
    ...r,
    email: normalizeAddress(r.email),
  }))
  if (reports.length === 0) return 0
  const unsubscribed = await ctx.db
    .select({ email: emailUnsubscribes.email })
    .from(emailUnsubscribes)
    .where(
      inArray(
        emailUnsubscribes.email,
        reports.map((r) => r.email),
      ),
    )
  const skip = new Set(unsubscribed.map((u) => u.email))
  return enqueueEmails(
    ctx.db,
    reports.filter((r) => !skip.has(r.email)).map((r) => scanReportEmail(month, r, bookUrl, ctx)),
  )
}

/**
 * Queues the scan reports due at `now` (queueScanReports) of each mailing whose in-homes date was
 * SCAN_REPORT_AFTER_DAYS days ago or more (the town's date), and at most SCAN_REPORT_LATEST_DAYS days after
 * that, each mailing on its own: one that fails is logged and the others' reports are queued. Repeated runs,
 * restarts and several instances send each report once. Answers how many were queued.
 */
export async function sendDueScanReports(
  ctx: ScanReportContext,
  now: Date,
  logger: Logger,
  queueOne: typeof queueScanReports = queueScanReports,
): Promise<number> {
  const today = todayInTimeZone(ctx.timeZone, now)
  const due = await ctx.db
    .select({ month: mailings.month })
    .from(mailings)
    .where(
      and(
        lte(mailings.inHomesDate, addDays(today, -SCAN_REPORT_AFTER_DAYS)),
        gte(mailings.inHomesDate, addDays(today, -(SCAN_REPORT_AFTER_DAYS + SCAN_REPORT_LATEST_DAYS))),
      ),
    )
    .orderBy(asc(mailings.month))
  if (due.length === 0) return 0
  const next = await firstSellingMonth(ctx.db, now)
  const bookUrl = next ? `${ctx.publicOrigin}/calendar?month=${next}` : `${ctx.publicOrigin}/account`
  const queued = await eachOnItsOwn(
    due,
    { label: 'scan reports of a mailing', logger, about: ({ month }) => ({ month }) },
    ({ month }) => queueOne(ctx, month, now, bookUrl),
  )
  return queued.reduce((sum, n) => sum + n, 0)
}

/**
 * Every 5 minutes in each instance (and once at start): the scan reports whose day has come are queued in
 * the outbox (sendDueScanReports; deduplicated).
 */
export function startScanReports(
  ctx: ScanReportContext,
  logger: Logger,
  intervalMs = SCAN_REPORT_INTERVAL_MS,
) {
  return startPeriodicTask({ name: 'scan reports', intervalMs, logger, runAtStart: true }, async () => {
    const queued = await sendDueScanReports(ctx, new Date(), logger)
    if (queued > 0) logger.info({ queued }, 'scan reports queued')
  })
}

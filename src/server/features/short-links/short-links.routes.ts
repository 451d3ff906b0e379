import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import type { Db } from '#server/db/client.ts'
import { linkScanDays, orders } from '#server/db/schema.ts'
import type { AppDeps, AppEnv } from '#server/http/app-env.ts'
import { noStore } from '#server/http/cache.ts'
import { requireAdmin } from '#server/http/require-admin.ts'
import { jsonBody, pathParam } from '#server/http/validate.ts'
import { csvRow } from '#server/lib/csv.ts'
import { AppError } from '#server/lib/errors.ts'
import { formatDayDate } from '#shared/format.ts'
import { MONTH_KEY_PATTERN } from '#shared/mailings.ts'
import {
  type AdminMailingScansDto,
  type AdminScanLineDto,
  adPagePath,
  LINK_DESTINATION_LABELS,
  LINK_NOT_FOUND,
  type LineLinkDto,
  type LinkDestination,
  shortLinkPath,
} from '#shared/short-links.ts'
import { lineLinkInputSchema } from '#shared/short-links-schemas.ts'

/** The lines that carry a short link: every calendar day and map icon line that is or was sold. */
const LINKED_STATUSES = ['pending', 'paid', 'refunded']

type LinkRow = {
  id: string
  shortCode: string
  linkDestination: string
  linkTarget: string | null
}

function lineLink(row: LinkRow, publicOrigin: string): LineLinkDto {
  return {
    orderId: row.id,
    code: row.shortCode,
    shortUrl: `${publicOrigin}${shortLinkPath(row.shortCode)}`,
    destination: row.linkDestination as LinkDestination,
    target: row.linkTarget,
    pagePath: adPagePath(row.shortCode),
  }
}

async function mailingScans(db: Db, month: string, publicOrigin: string): Promise<AdminMailingScansDto> {
  const scans = db
    .select({
      orderId: linkScanDays.orderId,
      scans: sql<number>`sum(${linkScanDays.scans})::int`.as('scans'),
      people: sql<number>`sum(${linkScanDays.people})::int`.as('people'),
    })
    .from(linkScanDays)
    .groupBy(linkScanDays.orderId)
    .as('scans')
  const rows = await db
    .select({
      id: orders.id,
      businessName: orders.businessName,
      status: orders.status,
      itemDate: orders.itemDate,
      itemName: orders.itemName,
      shortCode: orders.shortCode,
      linkDestination: orders.linkDestination,
      linkTarget: orders.linkTarget,
      scans: sql<number>`coalesce(${scans.scans}, 0)`,
      people: sql<number>`coalesce(${scans.people}, 0)`,
    })
    .from(orders)
    .leftJoin(scans, eq(scans.orderId, orders.id))
    .where(and(eq(orders.mailingMonth, month), inArray(orders.status, LINKED_STATUSES)))
    .orderBy(asc(orders.itemDate), asc(orders.businessName), asc(orders.id))
  const lines: AdminScanLineDto[] = rows.map((row) => ({
    orderId: row.id,
    businessName: row.businessName,
    description: row.itemDate ? formatDayDate(row.itemDate) : `Map icon (${row.itemName ?? 'icon'})`,
    status: row.status,
    link: lineLink(row, publicOrigin),
    scans: Number(row.scans),
    people: Number(row.people),
  }))
  return {
    month,
    scans: lines.reduce((sum, line) => sum + line.scans, 0),
    people: lines.reduce((sum, line) => sum + line.people, 0),
    lines,
  }
}

const CSV_HEADER = ['Business Name', 'Item', 'Status', 'Short Link', 'Leads To', 'Target', 'Scans', 'People']

function scansCsv(data: AdminMailingScansDto): string {
  const rows = data.lines.map((line) =>
    csvRow([
      line.businessName,
      line.description,
      line.status,
      line.link.shortUrl,
      LINK_DESTINATION_LABELS[line.link.destination],
      line.link.target,
      line.scans,
      line.people,
    ]),
  )
  return [csvRow(CSV_HEADER), ...rows].join('')
}

function readMonth(month: string): string {
  if (!MONTH_KEY_PATTERN.test(month)) throw new AppError('not_found', 'Mailing not found.')
  return month
}

/**
 * The owner's scans of a mailing's short links (JSON and CSV) and where a line's link leads:
 * GET /api/admin/mailings/:month/scans, GET /api/admin/mailings/:month/scans.csv,
 * PUT /api/admin/orders/:orderId/link (a refused value is a 400 with the value's message).
 */
export function shortLinksRoutes(deps: AppDeps) {
  const db = deps.database.db
  const { publicOrigin } = deps.config
  const admin = requireAdmin(deps)
  const linkInput = jsonBody(
    lineLinkInputSchema,
    (refusal, error) =>
      new AppError('bad_request', error?.issues[0]?.message ?? refusal.message, refusal.fields),
  )

  return (
    new Hono<AppEnv>()
      // Before /scans: the CSV's path is the longer one.
      .get('/admin/mailings/:month/scans.csv', admin, async (c) => {
        const month = readMonth(c.req.param('month'))
        const data = await mailingScans(db, month, publicOrigin)
        return c.body(scansCsv(data), 200, {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="scans-${month}.csv"`,
          'Cache-Control': 'no-store',
        })
      })
      .get('/admin/mailings/:month/scans', admin, noStore, async (c) => {
        const body: AdminMailingScansDto = await mailingScans(
          db,
          readMonth(c.req.param('month')),
          publicOrigin,
        )
        return c.json(body)
      })
      .put(
        '/admin/orders/:orderId/link',
        admin,
        pathParam((c) => c.req.param('orderId') ?? ''),
        linkInput,
        async (c) => {
          const { destination, target } = c.req.valid('json')
          const [row] = await db
            .update(orders)
            .set({ linkDestination: destination, linkTarget: target, updatedAt: new Date() })
            .where(and(eq(orders.id, c.var.param), inArray(orders.status, LINKED_STATUSES)))
            .returning({
              id: orders.id,
              shortCode: orders.shortCode,
              linkDestination: orders.linkDestination,
              linkTarget: orders.linkTarget,
            })
          if (!row) throw new AppError('not_found', LINK_NOT_FOUND)
          const body: LineLinkDto = lineLink(row, publicOrigin)
          return c.json(body)
        },
      )
  )
}

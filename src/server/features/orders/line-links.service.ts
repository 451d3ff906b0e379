import { and, eq, inArray, isNotNull, notInArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { linkScanDays, orders } from '#server/db/schema.ts'
import { jsonBody } from '#server/http/validate.ts'
import { AppError } from '#server/lib/errors.ts'
import { todayInTimeZone } from '#shared/dates.ts'
import {
  adPagePath,
  LINK_NOT_FOUND,
  type LineLinkDto,
  type LineScansDto,
  type LinkDestination,
  type ScanDayDto,
  shortLinkPath,
} from '#shared/short-links.ts'
import { lineLinkInputSchema } from '#shared/short-links-schemas.ts'
import { isOrderId } from './order-ids.ts'

// Every sold calendar day and map icon line has a short link, /go/{code}, that the QR code printed with its
// ad points at (the code is the database's, set once when the line is inserted). What the buyer's artwork
// page, the advertiser's account and the owner's screens show and set of it is read and written here; the
// redirect and the scan counting are the short-links feature's.

/** A line with a short link: a calendar day or a map icon (it appears in a mailing), not a special purchase. */
export const linkedLine = and(
  isNotNull(orders.mailingMonth),
  sql`coalesce(${orders.metadata} ->> 'order_type', '') <> 'special_purchase'`,
) as SQL

/** Lines whose link can be set: a deleted line or a lapsed hold was never a sale. */
const settableLine = and(linkedLine, notInArray(orders.status, ['deleted', 'expired'])) as SQL

/** The most days a line's daily scans go back (its totals count every day). */
export const SCAN_DAYS_SHOWN = 90

const linkColumns = {
  orderId: orders.id,
  code: orders.shortCode,
  destination: orders.linkDestination,
  target: orders.linkTarget,
}

export type LinkRow = { orderId: string; code: string; destination: string; target: string | null }

export function toLineLinkDto(row: LinkRow, publicOrigin: string): LineLinkDto {
  return {
    orderId: row.orderId,
    code: row.code,
    shortUrl: `${publicOrigin}${shortLinkPath(row.code)}`,
    destination: row.destination as LinkDestination,
    target: row.destination === 'page' ? null : row.target,
    pagePath: adPagePath(row.code),
  }
}

/** The links of those of `orderIds` that have one, by order id. */
export async function lineLinks(
  db: Db,
  publicOrigin: string,
  orderIds: string[],
): Promise<Map<string, LineLinkDto>> {
  const ids = [...new Set(orderIds)]
  if (ids.length === 0) return new Map()
  const rows = await db
    .select(linkColumns)
    .from(orders)
    .where(and(inArray(orders.id, ids), linkedLine))
  return new Map(rows.map((r) => [r.orderId, toLineLinkDto(r, publicOrigin)]))
}

/**
 * PUT …/link's body: lineLinkInputSchema, its refusal answered as a 400 with the first problem as the
 * message ('Enter your website address, e.g. https://www.example.com') and every field's in `fields`.
 */
export function lineLinkBody() {
  return jsonBody(lineLinkInputSchema, (refusal, error) =>
    error
      ? new AppError('bad_request', error.issues[0]?.message ?? refusal.message, refusal.fields)
      : new AppError('bad_request', refusal.message, refusal.fields),
  )
}

/**
 * Where a line's short link leads from now on. `scope` narrows the lines the caller may set (a purchase's,
 * an advertiser's); a line outside it, without a link, deleted or a lapsed hold is "not found". Allowed at
 * any time: the code on the card never changes, only where it leads. The caller tells the redirect's cache
 * (AppDeps.linkEvents) with the answer's code.
 */
export async function setLineLink(
  db: Db,
  publicOrigin: string,
  orderId: string,
  input: { destination: LinkDestination; target: string | null },
  scope?: SQL,
): Promise<LineLinkDto> {
  if (!isOrderId(orderId)) throw new AppError('not_found', LINK_NOT_FOUND)
  const target = input.destination === 'page' ? null : input.target
  const [row] = await db
    .update(orders)
    .set({ linkDestination: input.destination, linkTarget: target, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), settableLine, ...(scope ? [scope] : [])))
    .returning(linkColumns)
  if (!row) throw new AppError('not_found', LINK_NOT_FOUND)
  return toLineLinkDto(row, publicOrigin)
}

const DAY_MS = 24 * 60 * 60 * 1000

function addDays(day: string, offset: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10)
}

/**
 * The scans of those of `orderIds` that have a link, by order id: all-time totals, and each day (the town's
 * date) from the line's first scan to today, days without scans as 0, at most the last SCAN_DAYS_SHOWN days.
 */
export async function lineScans(
  db: Db,
  timeZone: string,
  orderIds: string[],
  now: Date,
): Promise<Map<string, LineScansDto>> {
  const ids = [...new Set(orderIds)]
  if (ids.length === 0) return new Map()
  const linked = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.id, ids), linkedLine))
  const rows =
    linked.length === 0
      ? []
      : await db
          .select({
            orderId: linkScanDays.orderId,
            day: linkScanDays.day,
            scans: linkScanDays.scans,
            people: linkScanDays.people,
          })
          .from(linkScanDays)
          .where(
            inArray(
              linkScanDays.orderId,
              linked.map((l) => l.id),
            ),
          )
  const today = todayInTimeZone(timeZone, now)
  const earliest = addDays(today, -(SCAN_DAYS_SHOWN - 1))
  const result = new Map<string, LineScansDto>()
  for (const { id } of linked) {
    const own = rows.filter((r) => r.orderId === id)
    const byDay = new Map(own.map((r) => [r.day, r]))
    const first = own.reduce<string | null>((min, r) => (min === null || r.day < min ? r.day : min), null)
    const days: ScanDayDto[] = []
    // ISO dates compare as text: the later of the first scan and the earliest day shown.
    const start = first === null ? null : [first, earliest].sort()[1]
    if (start)
      for (let day = start; day <= today; day = addDays(day, 1)) {
        const row = byDay.get(day)
        days.push({ day, scans: row?.scans ?? 0, people: row?.people ?? 0 })
      }
    result.set(id, {
      scans: own.reduce((sum, r) => sum + r.scans, 0),
      people: own.reduce((sum, r) => sum + r.people, 0),
      days,
    })
  }
  return result
}

import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { artworkLinks, mailings, orderArtwork, orders } from '#server/db/schema.ts'
import { AppError } from '#server/lib/errors.ts'
import type { Storage } from '#server/lib/storage/storage.ts'
import { uploadFileName } from '#server/lib/uploaded-images.ts'
import { type AdApprovalDto, WAITING_APPROVAL } from '#shared/ad-approval.ts'
import {
  ARTWORK_LINE_NOT_FOUND,
  ARTWORK_LINK_NOT_FOUND,
  ARTWORK_NO_LINES_MESSAGE,
  ARTWORK_NOTHING_TO_REVIEW,
  ARTWORK_STATES,
  type ArtworkLineDto,
  type ArtworkMailingDto,
  type ArtworkPageResponse,
  type ArtworkState,
  artworkDeadlinePassedMessage,
  type PrintSpecs,
  type ProductionBoardResponse,
  type ProductionLineDto,
  printSizeFor,
} from '#shared/artwork.ts'
import type { ProductionBoardQuery } from '#shared/artwork-schemas.ts'
import { formatDayDate } from '#shared/format.ts'
import { isMonthKey } from '#shared/mailing-names.ts'
import { MAILING_NOT_FOUND, mailingMonthLabel } from '#shared/mailings.ts'
import { type LineLinkDto, type LinkDestination, normalizeShortCode } from '#shared/short-links.ts'
import {
  artworkDueText,
  artworkPath,
  ensureArtworkLink,
  ensureArtworkLinks,
  mailingsByMonth,
  ofPurchase,
  soldLine,
} from '../orders/checkout-artwork.service.ts'
import { lineLinks, linkedLine, setLineLink } from '../orders/line-links.service.ts'
import { isOrderId } from '../orders/order-ids.ts'
import { getPrintSpecs } from '../orders/print-specs.service.ts'
import { adApprovalsOf } from './ad-approval-state.ts'
import { checkPrint, type InspectedArtwork } from './artwork-file.ts'
import { prepareArtworkInChild } from './artwork-file-jobs.ts'

/** What the artwork features need of the server: its database, files, town time and address. */
export type ArtworkContext = {
  db: Db
  storage: Storage
  timeZone: string
  /** PUBLIC_URL or the local address, no trailing slash: for links in e-mails. */
  publicOrigin: string
}

export const ORDER_NOT_FOUND = 'Order not found.'

/** An order id from a URL: anything not shaped like one (NUL bytes, garbage) is a 404, never a query. */
export function knownOrderId(id: string, message = ORDER_NOT_FOUND): string {
  if (!isOrderId(id)) throw new AppError('not_found', message)
  return id
}

// ---------------------------------------------------------------- links

async function findLink(db: Db, token: string): Promise<{ purchaseId: string }> {
  // Tokens are base64url; anything else cannot be one (and never reaches the query).
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) throw new AppError('not_found', ARTWORK_LINK_NOT_FOUND)
  const [link] = await db
    .select({ purchaseId: artworkLinks.purchaseId })
    .from(artworkLinks)
    .where(eq(artworkLinks.token, token))
  if (!link) throw new AppError('not_found', ARTWORK_LINK_NOT_FOUND)
  return link
}

// ---------------------------------------------------------------- lines

const lineColumns = {
  orderId: orders.id,
  businessName: orders.businessName,
  email: orders.email,
  status: orders.status,
  source: orders.source,
  purchaseId: orders.purchaseId,
  paidAt: orders.paidAt,
  createdAt: orders.createdAt,
  date: orders.itemDate,
  itemName: orders.itemName,
  itemSize: orders.itemSize,
  shortCode: orders.shortCode,
  mailingMonth: sql<string>`${orders.mailingMonth}`,
  artwork: {
    fileKey: orderArtwork.fileKey,
    thumbnailKey: orderArtwork.thumbnailKey,
    fileName: orderArtwork.fileName,
    contentType: orderArtwork.contentType,
    sizeBytes: orderArtwork.sizeBytes,
    inspection: orderArtwork.inspection,
    state: orderArtwork.state,
    ownerNote: orderArtwork.ownerNote,
    uploadedAt: orderArtwork.uploadedAt,
    reviewedAt: orderArtwork.reviewedAt,
    reviewedBy: orderArtwork.reviewedBy,
  },
}

export type LineRow = {
  orderId: string
  businessName: string
  email: string
  status: string
  source: string
  /** The purchase the line belongs to (orders.purchase_id): its artwork link is the purchase's. */
  purchaseId: string
  paidAt: Date | null
  createdAt: Date
  date: string | null
  itemName: string | null
  itemSize: string | null
  /** The line's short link is /go/{shortCode}. */
  shortCode: string
  mailingMonth: string
  artwork: {
    fileKey: string
    thumbnailKey: string | null
    fileName: string
    contentType: string
    sizeBytes: number
    inspection: Record<string, unknown>
    state: string
    ownerNote: string | null
    uploadedAt: Date
    reviewedAt: Date | null
    reviewedBy: string | null
  } | null
}

/**
 * Sold lines (days and icons) matching `where`, days by date then icons (then by id, so a page's cut is
 * stable), each with its artwork if any; `page` takes that slice only.
 */
export async function selectLines(
  db: Db,
  where: SQL,
  page?: { limit: number; offset: number },
): Promise<LineRow[]> {
  const query = db
    .select(lineColumns)
    .from(orders)
    .leftJoin(orderArtwork, eq(orderArtwork.orderId, orders.id))
    .where(and(soldLine, where))
    .orderBy(asc(orders.mailingMonth), sql`${orders.itemDate} asc nulls last`, asc(orders.id))
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query
  // A left join gives an object of nulls for a line without artwork.
  return rows.map((r) => ({ ...r, artwork: r.artwork?.fileKey ? (r.artwork as LineRow['artwork']) : null }))
}

/** The lines in an artwork state, as SQL over selectLines' join: 'missing' is a line with no artwork row. */
function lineStateIs(state: ArtworkState): SQL {
  return state === 'missing' ? isNull(orderArtwork.orderId) : eq(orderArtwork.state, state)
}

/** How many sold lines matching `where` are in each artwork state. */
async function countLineStates(db: Db, where: SQL): Promise<Record<ArtworkState, number>> {
  const rows = await db
    .select({ state: orderArtwork.state, lines: sql<number>`count(*)::int` })
    .from(orders)
    .leftJoin(orderArtwork, eq(orderArtwork.orderId, orders.id))
    .where(and(soldLine, where))
    .groupBy(orderArtwork.state)
  const counts = Object.fromEntries(ARTWORK_STATES.map((s) => [s, 0])) as Record<ArtworkState, number>
  for (const row of rows) counts[(row.state as ArtworkState | null) ?? 'missing'] += Number(row.lines)
  return counts
}

export const linesOfPurchase = (db: Db, purchaseId: string) => selectLines(db, ofPurchase(purchaseId))

function lineKind(row: Pick<LineRow, 'date'>): 'day' | 'icon' {
  return row.date ? 'day' : 'icon'
}

export function lineLabel(row: Pick<LineRow, 'date' | 'itemName'>): string {
  return row.date ? `Calendar day: ${formatDayDate(row.date)}` : `Map icon: ${row.itemName ?? 'Map icon'}`
}

export function lineState(row: Pick<LineRow, 'artwork'>): ArtworkState {
  return (row.artwork?.state as ArtworkState | undefined) ?? 'missing'
}

type MailingRow = typeof mailings.$inferSelect

/** Artwork is taken until its deadline, and never once the mailing has gone to print. */
function isOpenForArtwork(mailing: MailingRow, now: Date): boolean {
  return (
    (mailing.status === 'open' || mailing.status === 'closed') &&
    mailing.artworkDueAt.getTime() > now.getTime()
  )
}

function toMailingDto(mailing: MailingRow, ctx: ArtworkContext, now: Date): ArtworkMailingDto {
  return {
    month: mailing.month,
    label: mailingMonthLabel(mailing.month),
    artworkDueAt: mailing.artworkDueAt.toISOString(),
    artworkDueText: artworkDueText(mailing, ctx.timeZone),
    isOpenForArtwork: isOpenForArtwork(mailing, now),
  }
}

type FileUrls = (orderId: string, version: number) => { url: string; thumbnailUrl: string }

const buyerFileUrls =
  (token: string): FileUrls =>
  (orderId, version) => ({
    url: `/api/artwork/${token}/files/${encodeURIComponent(orderId)}?v=${version}`,
    thumbnailUrl: `/api/artwork/${token}/thumbnails/${encodeURIComponent(orderId)}?v=${version}`,
  })

const adminFileUrls: FileUrls = (orderId, version) => ({
  url: `/api/admin/artwork/${encodeURIComponent(orderId)}/file?v=${version}`,
  thumbnailUrl: `/api/admin/artwork/${encodeURIComponent(orderId)}/thumbnail?v=${version}`,
})

function toLineDto(
  row: LineRow,
  mailing: MailingRow | undefined,
  specs: PrintSpecs,
  urls: FileUrls,
  links: Map<string, LineLinkDto>,
  now: Date,
): ArtworkLineDto {
  const kind = lineKind(row)
  const printSize = printSizeFor(specs, { kind, iconSize: row.itemSize })
  const art = row.artwork
  const version = art?.uploadedAt.getTime() ?? 0
  return {
    orderId: row.orderId,
    kind,
    label: lineLabel(row),
    date: row.date,
    iconName: kind === 'icon' ? row.itemName : null,
    iconSize: kind === 'icon' ? row.itemSize : null,
    mailingMonth: row.mailingMonth,
    state: lineState(row),
    ownerNote: art?.state === 'changes_requested' ? art.ownerNote : null,
    file: art
      ? {
          name: art.fileName,
          contentType: art.contentType,
          sizeBytes: art.sizeBytes,
          uploadedAt: art.uploadedAt.toISOString(),
          url: urls(row.orderId, version).url,
          thumbnailUrl: art.thumbnailKey ? urls(row.orderId, version).thumbnailUrl : null,
        }
      : null,
    printCheck: art ? checkPrint(art.inspection as InspectedArtwork, printSize, specs.dpi) : null,
    printSize,
    canUpload: mailing ? isOpenForArtwork(mailing, now) : false,
    link: links.get(row.orderId) ?? null,
  }
}

// ---------------------------------------------------------------- the buyer's page

export async function getArtworkPage(
  ctx: ArtworkContext,
  token: string,
  now: Date,
): Promise<ArtworkPageResponse> {
  const link = await findLink(ctx.db, token)
  const lines = await linesOfPurchase(ctx.db, link.purchaseId)
  if (lines.length === 0) throw new AppError('not_found', ARTWORK_LINK_NOT_FOUND)
  const byMonth = await mailingsByMonth(
    ctx.db,
    lines.map((l) => l.mailingMonth),
  )
  const specs = await getPrintSpecs(ctx.db)
  const links = await lineLinks(
    ctx.db,
    ctx.publicOrigin,
    lines.map((l) => l.orderId),
  )
  const months = [...byMonth.values()].sort((a, b) => a.month.localeCompare(b.month))
  return {
    businessName: (lines[0] as LineRow).businessName,
    mailings: months.map((m) => toMailingDto(m, ctx, now)),
    lines: lines.map((l) =>
      toLineDto(l, byMonth.get(l.mailingMonth), specs, buyerFileUrls(token), links, now),
    ),
    dpi: specs.dpi,
  }
}

type UploadedFile = { name: string; bytes: Uint8Array }

/**
 * One file for one or more lines of the token's purchase. The file is checked (type by content, size, the
 * PDF opens) before anything is stored; the lines' mailings are locked FOR SHARE and their deadline checked
 * again in the transaction that records it, so "mark printed" (FOR UPDATE) and an upload never interleave.
 * The lines' order rows are locked too, so two uploads to one line run one after the other and the second
 * sees the first's file as the one it replaces. The replaced files are removed after the commit once no
 * line names them.
 */
export async function uploadArtwork(
  ctx: ArtworkContext,
  token: string,
  orderIds: string[],
  file: UploadedFile,
  now: Date,
): Promise<ArtworkPageResponse> {
  const link = await findLink(ctx.db, token)
  const ids = [...new Set(orderIds)]
  if (ids.length === 0)
    throw new AppError('validation_failed', ARTWORK_NO_LINES_MESSAGE, { orderId: [ARTWORK_NO_LINES_MESSAGE] })
  const lines = await linesOfPurchase(ctx.db, link.purchaseId)
  // Matched in memory against the purchase's own lines: a foreign or malformed id is simply not found.
  const chosen = ids.map((id) => lines.find((l) => l.orderId === id))
  if (chosen.some((l) => !l)) throw new AppError('not_found', ARTWORK_LINE_NOT_FOUND)
  const months = [...new Set((chosen as LineRow[]).map((l) => l.mailingMonth))].sort()
  await requireOpenForArtwork(ctx.db, months, now, false)

  // Read in a child process with time and memory limits: the file is untrusted.
  const { inspected, stored, thumbnail } = await prepareArtworkInChild(file.bytes)
  const stem = `artwork/${months[0]}/${randomUUID()}`
  const fileKey = `${stem}.${inspected.ext}`
  const thumbnailKey = thumbnail ? `${stem}-preview.png` : null
  await ctx.storage.put(fileKey, stored, inspected.mime)
  if (thumbnail && thumbnailKey) await ctx.storage.put(thumbnailKey, thumbnail, 'image/png')

  let replaced: string[]
  try {
    replaced = await ctx.db.transaction(async (tx) => {
      await requireOpenForArtwork(tx, months, now, true)
      // The lines themselves are locked, in id order: a line's artwork row may not exist yet, and a lock
      // on rows that do not exist locks nothing, so two first uploads would each find no previous file and
      // the one written first would be left in storage with nothing naming it.
      await tx
        .select({ id: orders.id })
        .from(orders)
        .where(inArray(orders.id, ids))
        .orderBy(asc(orders.id))
        .for('no key update')
      const previous = await tx
        .select({ fileKey: orderArtwork.fileKey, thumbnailKey: orderArtwork.thumbnailKey })
        .from(orderArtwork)
        .where(inArray(orderArtwork.orderId, ids))
        .for('update')
      const values = {
        fileKey,
        thumbnailKey,
        fileName: uploadFileName(file.name, inspected),
        contentType: inspected.mime,
        sizeBytes: stored.byteLength,
        inspection: inspected as unknown as Record<string, unknown>,
        state: 'received',
        uploadedAt: now,
        updatedAt: now,
      }
      // The line's last review (its time, reviewer and note) stays: a received file on a reviewed line is
      // one the buyer sent again, for the owner to review again (the board's marker, the daily digest).
      await tx
        .insert(orderArtwork)
        .values(ids.map((orderId) => ({ orderId, ...values })))
        .onConflictDoUpdate({
          target: orderArtwork.orderId,
          set: Object.fromEntries(
            Object.keys(values).map((k) => [k, sql.raw(`excluded.${toColumn(k)}`)]),
          ) as Record<string, SQL>,
        })
      return previous.flatMap((p) => (p.thumbnailKey ? [p.fileKey, p.thumbnailKey] : [p.fileKey]))
    })
  } catch (error) {
    await removeFiles(ctx.storage, [fileKey, ...(thumbnailKey ? [thumbnailKey] : [])])
    throw error
  }
  await removeUnreferencedFiles(ctx, replaced)
  return getArtworkPage(ctx, token, now)
}

const toColumn = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

async function requireOpenForArtwork(db: Db, months: string[], now: Date, lock: boolean): Promise<void> {
  const query = db.select().from(mailings).where(inArray(mailings.month, months)).orderBy(asc(mailings.month))
  const rows = lock ? await query.for('share') : await query
  for (const month of months) {
    const row = rows.find((r) => r.month === month)
    if (!row || !isOpenForArtwork(row, now))
      throw new AppError('conflict', artworkDeadlinePassedMessage(mailingMonthLabel(month)))
  }
}

async function removeFiles(storage: Storage, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)))
}

/** Deletes the stored files no line names any more (a file shared by "one file for all" stays while used). */
async function removeUnreferencedFiles(ctx: ArtworkContext, keys: string[]): Promise<void> {
  const unique = [...new Set(keys)]
  if (unique.length === 0) return
  const used = await ctx.db
    .select({ fileKey: orderArtwork.fileKey, thumbnailKey: orderArtwork.thumbnailKey })
    .from(orderArtwork)
    .where(or(inArray(orderArtwork.fileKey, unique), inArray(orderArtwork.thumbnailKey, unique)))
  const stillUsed = new Set(used.flatMap((u) => [u.fileKey, u.thumbnailKey]))
  await removeFiles(
    ctx.storage,
    unique.filter((k) => !stillUsed.has(k)),
  )
}

export type ArtworkFileKind = 'file' | 'thumbnail'

/** A line's stored file for the holder of its purchase's token; undefined when there is none. */
export async function getBuyerArtworkFile(
  ctx: ArtworkContext,
  token: string,
  orderId: string,
  kind: ArtworkFileKind,
) {
  const link = await findLink(ctx.db, token)
  if (!isOrderId(orderId)) return undefined
  const [row] = await selectLines(ctx.db, and(eq(orders.id, orderId), ofPurchase(link.purchaseId)) as SQL)
  return row ? readLineFile(ctx, row, kind) : undefined
}

/**
 * Where the QR code of one of the token's lines leads: only the lines the token's page shows (404
 * otherwise). Allowed at any time, the deadline past or the card printed: its code never changes.
 */
export async function setArtworkLineLink(
  ctx: ArtworkContext,
  token: string,
  orderId: string,
  input: { destination: LinkDestination; target: string | null },
): Promise<LineLinkDto> {
  const link = await findLink(ctx.db, token)
  return setLineLink(ctx.db, ctx.publicOrigin, orderId, input, and(soldLine, ofPurchase(link.purchaseId)))
}

/**
 * The artwork thumbnail of the line behind a short link, the logo of its advertiser's page (/ads/{code}):
 * a sold day or icon line only; undefined for any other code or a line without a thumbnail.
 */
export async function getAdLogoFile(ctx: ArtworkContext, rawCode: string) {
  const code = normalizeShortCode(rawCode)
  if (!code) return undefined
  const [row] = await selectLines(ctx.db, and(eq(orders.shortCode, code), linkedLine) as SQL)
  return row ? readLineFile(ctx, row, 'thumbnail') : undefined
}

export async function getAdminArtworkFile(ctx: ArtworkContext, orderId: string, kind: ArtworkFileKind) {
  if (!isOrderId(orderId)) return undefined
  const [row] = await selectLines(ctx.db, eq(orders.id, orderId))
  return row ? readLineFile(ctx, row, kind) : undefined
}

async function readLineFile(ctx: ArtworkContext, row: LineRow, kind: ArtworkFileKind) {
  const key = kind === 'file' ? row.artwork?.fileKey : row.artwork?.thumbnailKey
  if (!key || !row.artwork) return undefined
  const object = await ctx.storage.get(key)
  if (!object) return undefined
  return { ...object, fileName: kind === 'file' ? row.artwork.fileName : 'preview.png' }
}

// ---------------------------------------------------------------- the owner's board

/** The mailing of a URL's month; a malformed month (NUL bytes, garbage) is a 404 like an unknown one. */
export async function requireMailing(db: Db, month: string): Promise<MailingRow> {
  if (!isMonthKey(month)) throw new AppError('not_found', MAILING_NOT_FOUND)
  const [mailing] = await db.select().from(mailings).where(eq(mailings.month, month))
  if (!mailing) throw new AppError('not_found', MAILING_NOT_FOUND)
  return mailing
}

/**
 * One page of a mailing's board: the counts of every line by state, and the page of lines in the state
 * asked for (all when none). Only that page is read, turned into DTOs and given artwork links.
 */
export async function getProductionBoard(
  ctx: ArtworkContext,
  month: string,
  query: ProductionBoardQuery,
  now: Date,
): Promise<ProductionBoardResponse> {
  const mailing = await requireMailing(ctx.db, month)
  const inMonth = eq(orders.mailingMonth, month)
  const counts = await countLineStates(ctx.db, inMonth)
  const total = query.state ? counts[query.state] : ARTWORK_STATES.reduce((sum, s) => sum + counts[s], 0)
  // A page past the last (lines left the filter since it was shown) answers the last.
  const page = Math.min(query.page, Math.max(1, Math.ceil(total / query.pageSize)))
  const lines = await selectLines(
    ctx.db,
    query.state ? (and(inMonth, lineStateIs(query.state)) as SQL) : inMonth,
    { limit: query.pageSize, offset: (page - 1) * query.pageSize },
  )
  const specs = await getPrintSpecs(ctx.db)
  const tokens = await ensureArtworkLinks(
    ctx.db,
    lines.map((l) => l.purchaseId),
  )
  const links = await lineLinks(
    ctx.db,
    ctx.publicOrigin,
    lines.map((l) => l.orderId),
  )
  const approvals = await adApprovalsOf(ctx.db, lines)
  return {
    mailing: { ...toMailingDto(mailing, ctx, now), status: mailing.status, inHomesDate: mailing.inHomesDate },
    lines: lines.map((l) =>
      toProductionLine(l, mailing, specs, tokens.get(l.purchaseId) as string, links, approvals, now),
    ),
    counts,
    total,
    page,
    pageSize: query.pageSize,
  }
}

function toProductionLine(
  row: LineRow,
  mailing: MailingRow,
  specs: PrintSpecs,
  token: string,
  links: Map<string, LineLinkDto>,
  approvals: Map<string, AdApprovalDto>,
  now: Date,
): ProductionLineDto {
  return {
    ...toLineDto(row, mailing, specs, adminFileUrls, links, now),
    businessName: row.businessName,
    email: row.email,
    orderStatus: row.status,
    source: row.source,
    artworkUrl: artworkPath(token),
    reviewedAt: row.artwork?.reviewedAt?.toISOString() ?? null,
    reviewedBy: row.artwork?.reviewedBy ?? null,
    advertiserApproval: approvals.get(row.orderId) ?? WAITING_APPROVAL,
  }
}

/** One board line, after a review. */
export async function getProductionLine(
  ctx: ArtworkContext,
  orderId: string,
  now: Date,
): Promise<ProductionLineDto> {
  const [row] = await selectLines(ctx.db, eq(orders.id, knownOrderId(orderId)))
  if (!row) throw new AppError('not_found', ORDER_NOT_FOUND)
  const [mailing] = await ctx.db.select().from(mailings).where(eq(mailings.month, row.mailingMonth))
  const token = await ensureArtworkLink(ctx.db, row.purchaseId)
  const links = await lineLinks(ctx.db, ctx.publicOrigin, [row.orderId])
  const approvals = await adApprovalsOf(ctx.db, [row])
  return toProductionLine(
    row,
    mailing as MailingRow,
    await getPrintSpecs(ctx.db),
    token,
    links,
    approvals,
    now,
  )
}

/**
 * Approve, or ask for changes with a note. Only a line that has a file can be reviewed (409 otherwise).
 */
export async function reviewArtwork(
  db: Db,
  orderId: string,
  review: { state: 'approved' } | { state: 'changes_requested'; note: string },
  by: string,
  now: Date,
): Promise<LineRow> {
  const [row] = await selectLines(db, eq(orders.id, knownOrderId(orderId)))
  if (!row) throw new AppError('not_found', ORDER_NOT_FOUND)
  if (!row.artwork) throw new AppError('conflict', ARTWORK_NOTHING_TO_REVIEW)
  await db
    .update(orderArtwork)
    .set({
      state: review.state,
      ownerNote: review.state === 'changes_requested' ? review.note : null,
      reviewedAt: now,
      reviewedBy: by,
      updatedAt: now,
    })
    .where(eq(orderArtwork.orderId, orderId))
  return row
}

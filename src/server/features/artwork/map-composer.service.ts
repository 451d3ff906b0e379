import { randomUUID } from 'node:crypto'
import { and, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { mailingIconPositions, mailingMaps, mediaItems, orders } from '#server/db/schema.ts'
import { AppError } from '#server/lib/errors.ts'
import { detectImage } from '#server/lib/uploaded-images.ts'
import {
  ARTWORK_SVG_MESSAGE,
  ARTWORK_TOO_LARGE_MESSAGE,
  ARTWORK_TYPE_MESSAGE,
  type PrintSpecs,
} from '#shared/artwork.ts'
import {
  compareMarkers,
  DEFAULT_SAFE_INCHES,
  MAP_IMAGE_NOT_ALLOWED,
  MAP_IMAGE_TOO_LARGE,
  MAP_POSITION_NOT_SOLD,
  type MailingMapResponse,
  type MapCard,
  type MapMarkerDto,
  type MapPositionsInput,
  parkedPositions,
} from '#shared/map-composer.ts'
import { mediaUrl } from '#shared/media-url.ts'
import { soldLine } from '../orders/checkout-artwork.service.ts'
import { isOrderId } from '../orders/order-ids.ts'
import { getPrintSpecs } from '../orders/print-specs.service.ts'
import { type ArtworkContext, type LineRow, requireMailing, selectLines } from './artwork.service.ts'
import { ArtworkRejectedError } from './artwork-file.ts'
import {
  inspectFileInChild,
  legendBandInChild,
  type ProofJobArtwork,
  type ProofJobInput,
} from './artwork-file-jobs.ts'
import { proofArtwork, shortUrl } from './proof-lines.ts'

/** The composer's image of a mailing: its own upload, else the newest map example of the media library. */
type MapImage = {
  key: string
  contentType: 'image/png' | 'image/jpeg'
  width: number | null
  height: number | null
}

/** The card the composer lays out: the print settings' postcard, with the safe margin's default. */
export function mapCard(specs: PrintSpecs): MapCard {
  const postcard = specs.postcard as PrintSpecs['postcard'] & { safeInches?: number }
  return {
    widthInches: postcard.widthInches,
    heightInches: postcard.heightInches,
    bleedInches: postcard.bleedInches,
    safeInches: postcard.safeInches ?? DEFAULT_SAFE_INCHES,
  }
}

async function mapRow(db: Db, month: string) {
  const [row] = await db.select().from(mailingMaps).where(eq(mailingMaps.month, month))
  return row
}

async function defaultMapImage(db: Db): Promise<MapImage | null> {
  const [item] = await db
    .select({ id: mediaItems.id, contentType: mediaItems.contentType })
    .from(mediaItems)
    .where(eq(mediaItems.type, 'map_example'))
    .orderBy(desc(mediaItems.uploadedAt), desc(mediaItems.id))
    .limit(1)
  if (!item || (item.contentType !== 'image/png' && item.contentType !== 'image/jpeg')) return null
  return { key: item.id, contentType: item.contentType, width: null, height: null }
}

/** Pixel sizes of stored images by key: keys are never reused, so a size once read stays true. */
const measuredSizes = new Map<string, { width: number; height: number } | null>()
const MEASURED_SIZES_KEPT = 200

async function measureStored(
  ctx: ArtworkContext,
  key: string,
): Promise<{ width: number; height: number } | null> {
  if (measuredSizes.has(key)) return measuredSizes.get(key) ?? null
  const object = await ctx.storage.get(key)
  let size: { width: number; height: number } | null = null
  if (object) {
    const bytes =
      object.body instanceof Uint8Array
        ? object.body
        : new Uint8Array(await new Response(object.body).arrayBuffer())
    const inspected = await inspectFileInChild(bytes).catch((error: unknown) => {
      if (error instanceof ArtworkRejectedError) return null
      throw error
    })
    if (inspected?.kind === 'image') size = { width: inspected.widthPx, height: inspected.heightPx }
  }
  if (measuredSizes.size >= MEASURED_SIZES_KEPT) measuredSizes.clear()
  measuredSizes.set(key, size)
  return size
}

async function mailingMapImage(
  db: Db,
  row: Awaited<ReturnType<typeof mapRow>>,
): Promise<{ image: MapImage | null; isDefault: boolean }> {
  if (row?.imageKey && row.imageContentType)
    return {
      image: {
        key: row.imageKey,
        contentType: row.imageContentType as MapImage['contentType'],
        width: row.imageWidth,
        height: row.imageHeight,
      },
      isDefault: false,
    }
  return { image: await defaultMapImage(db), isDefault: true }
}

/** The sold map icon lines of a mailing (days have a date; icons do not), in the legend's number order. */
async function iconLines(db: Db, month: string): Promise<LineRow[]> {
  const lines = await selectLines(db, and(eq(orders.mailingMonth, month), isNull(orders.itemDate)) as SQL)
  return lines.sort(compareMarkers)
}

type Marker = Omit<MapMarkerDto, 'artworkUrl'> & { line: LineRow }

/** Every sold icon with its saved position, or its parking spot in the free column when it has none. */
async function markersOf(db: Db, month: string, specs: PrintSpecs): Promise<Marker[]> {
  const lines = await iconLines(db, month)
  const saved = await db
    .select({ orderId: mailingIconPositions.orderId, x: mailingIconPositions.x, y: mailingIconPositions.y })
    .from(mailingIconPositions)
    .where(eq(mailingIconPositions.mailingMonth, month))
  const positions = new Map(saved.map((p) => [p.orderId, p]))
  const markers = lines.map((line, i) => {
    const size: 'regular' | 'premium' = line.itemSize === 'small' ? 'regular' : 'premium'
    const printed = size === 'regular' ? specs.regularIcon : specs.premiumIcon
    const position = positions.get(line.orderId)
    return {
      orderId: line.orderId,
      number: i + 1,
      businessName: line.businessName,
      iconName: line.itemName ?? 'Map icon',
      size,
      sizeInches: { width: printed.widthInches, height: printed.heightInches },
      x: position?.x ?? 0,
      y: position?.y ?? 0,
      placed: position !== undefined,
      line,
    }
  })
  const free = markers.filter((m) => !m.placed)
  const spots = parkedPositions(
    mapCard(specs),
    free.map((m) => m.sizeInches),
  )
  free.forEach((m, i) => {
    const spot = spots[i]
    if (spot) Object.assign(m, spot)
  })
  return markers
}

/** Where the admin screens show a stored map image: the media library's route, or the mailing's own. */
function mapImageUrl(month: string, image: MapImage, isDefault: boolean): string {
  if (isDefault) return mediaUrl(image.key)
  // The key names the version, so a replaced image is a new URL.
  return `/api/admin/mailings/${month}/map/image?v=${encodeURIComponent(image.key.split('/').pop() ?? '')}`
}

/** An image's pixel size: recorded at upload, or read once from the stored file (the default image). */
async function imageSize(ctx: ArtworkContext, image: MapImage) {
  if (image.width && image.height) return { width: image.width, height: image.height }
  return measureStored(ctx, image.key)
}

/** The map composer's view of a mailing. */
export async function getMailingMap(ctx: ArtworkContext, month: string): Promise<MailingMapResponse> {
  await requireMailing(ctx.db, month)
  const specs = await getPrintSpecs(ctx.db)
  const row = await mapRow(ctx.db, month)
  const { image, isDefault } = await mailingMapImage(ctx.db, row)
  const size = image && (await imageSize(ctx, image))
  const markers = await markersOf(ctx.db, month, specs)
  const legendBand =
    markers.length === 0
      ? null
      : await legendBandInChild({
          specs,
          markers: markers.map(({ line, number, businessName }) => ({
            number,
            businessName,
            shortUrl: shortUrl(ctx, line),
          })),
        })
  return {
    month,
    image: image && size ? { url: mapImageUrl(month, image, isDefault), ...size } : null,
    imageIsDefault: isDefault,
    legend: row?.legend ?? true,
    legendBand,
    card: mapCard(specs),
    markers: markers.map(({ line, ...m }) => ({
      ...m,
      artworkUrl: line.artwork?.thumbnailKey ? `/api/admin/artwork/${line.orderId}/thumbnail` : null,
    })),
  }
}

function notSold(): AppError {
  return new AppError('validation_failed', MAP_POSITION_NOT_SOLD, { positions: [MAP_POSITION_NOT_SOLD] })
}

/**
 * Saves positions all at once or not at all: every line must be a sold map icon of this mailing (a day, a
 * line of another mailing, a refunded or unknown one is refused and nothing changes).
 */
export async function saveMapPositions(
  ctx: ArtworkContext,
  month: string,
  input: MapPositionsInput,
  now: Date,
): Promise<number> {
  await requireMailing(ctx.db, month)
  const ids = input.positions.map((p) => p.orderId)
  // Anything not shaped like an order id (NUL bytes, garbage) cannot be a sold line and never reaches a query.
  if (!ids.every(isOrderId)) throw notSold()
  return ctx.db.transaction(async (tx) => {
    const sold = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(soldLine, eq(orders.mailingMonth, month), isNull(orders.itemDate), inArray(orders.id, ids)))
      // Holds the lines so a refund cannot slip between the check and the write.
      .for('update')
    const soldIds = new Set(sold.map((r) => r.id))
    if (ids.some((id) => !soldIds.has(id))) throw notSold()
    for (const p of input.positions) {
      await tx
        .insert(mailingIconPositions)
        .values({ orderId: p.orderId, mailingMonth: month, x: p.x, y: p.y, updatedAt: now })
        .onConflictDoUpdate({
          target: mailingIconPositions.orderId,
          set: { mailingMonth: month, x: p.x, y: p.y, updatedAt: now },
        })
    }
    return input.positions.length
  })
}

/** Whether the card prints the numbered legend. */
export async function setMapLegend(ctx: ArtworkContext, month: string, legend: boolean, now: Date) {
  await requireMailing(ctx.db, month)
  await ctx.db
    .insert(mailingMaps)
    .values({ month, legend, updatedAt: now })
    .onConflictDoUpdate({ target: mailingMaps.month, set: { legend, updatedAt: now } })
}

function notAllowed(): AppError {
  return new AppError('validation_failed', MAP_IMAGE_NOT_ALLOWED, { file: [MAP_IMAGE_NOT_ALLOWED] })
}

/**
 * A mailing's own map image: PNG or JPEG by content, its size read in a child process (the server's thread
 * never decodes an upload), stored under a new key; the image it replaces is removed after the switch.
 */
export async function setMapImage(ctx: ArtworkContext, month: string, bytes: Uint8Array, now: Date) {
  await requireMailing(ctx.db, month)
  // By content, never by name: PNG or JPEG with nothing riding along (the media upload rules).
  const detected = await detectImage(bytes)
  if (detected?.mime !== 'image/png' && detected?.mime !== 'image/jpeg') throw notAllowed()
  const inspected = await inspectFileInChild(bytes).catch((error: unknown) => {
    if (!(error instanceof ArtworkRejectedError)) throw error
    if (error.message === ARTWORK_TOO_LARGE_MESSAGE)
      throw new AppError('payload_too_large', MAP_IMAGE_TOO_LARGE)
    if (error.message === ARTWORK_TYPE_MESSAGE || error.message === ARTWORK_SVG_MESSAGE) throw notAllowed()
    throw new AppError('validation_failed', error.message, { file: [error.message] })
  })
  if (inspected.kind !== 'image') throw notAllowed()
  const key = `mailing-maps/${month}/${now.getTime()}-${randomUUID().slice(0, 8)}.${inspected.ext}`
  await ctx.storage.put(key, bytes, inspected.mime)
  const previous = (await mapRow(ctx.db, month))?.imageKey
  const image = {
    imageKey: key,
    imageContentType: inspected.mime,
    imageWidth: inspected.widthPx,
    imageHeight: inspected.heightPx,
    updatedAt: now,
  }
  await ctx.db
    .insert(mailingMaps)
    .values({ month, ...image })
    .onConflictDoUpdate({ target: mailingMaps.month, set: image })
  if (previous && previous !== key) await ctx.storage.delete(previous).catch(() => {})
}

/** Back to the default image (the newest map example). */
export async function clearMapImage(ctx: ArtworkContext, month: string, now: Date) {
  await requireMailing(ctx.db, month)
  const previous = (await mapRow(ctx.db, month))?.imageKey
  await ctx.db
    .update(mailingMaps)
    .set({ imageKey: null, imageContentType: null, imageWidth: null, imageHeight: null, updatedAt: now })
    .where(eq(mailingMaps.month, month))
  if (previous) await ctx.storage.delete(previous).catch(() => {})
}

/** A mailing's own map image for the admin screens; undefined when it has none. */
export async function getMapImageFile(ctx: ArtworkContext, month: string) {
  await requireMailing(ctx.db, month)
  const row = await mapRow(ctx.db, month)
  if (!row?.imageKey || !row.imageContentType) return undefined
  const object = await ctx.storage.get(row.imageKey)
  return object && { ...object, contentType: row.imageContentType }
}

/** The map side of the proof: the mailing's image and every sold icon where the owner placed it. */
export async function mailingProofMap(ctx: ArtworkContext, month: string): Promise<ProofJobInput['map']> {
  await requireMailing(ctx.db, month)
  const specs = await getPrintSpecs(ctx.db)
  const row = await mapRow(ctx.db, month)
  const { image } = await mailingMapImage(ctx.db, row)
  const markers = await markersOf(ctx.db, month, specs)
  return {
    image: image && ({ contentType: image.contentType, key: image.key } satisfies ProofJobArtwork),
    legend: row?.legend ?? true,
    markers: markers.map(({ line, ...m }) => ({
      number: m.number,
      businessName: m.businessName,
      iconName: m.iconName,
      size: m.size,
      artwork: proofArtwork(line),
      shortUrl: shortUrl(ctx, line),
      x: m.x,
      y: m.y,
      placed: m.placed,
    })),
  }
}

import { z } from 'zod'

/**
 * The map composer: where each sold map icon of a mailing sits on the card's map side. A position is the
 * marker's centre as fractions (0–1) of the card's trim box from its top-left corner; the marker is a square
 * of its printed size with the business name as a caption below it.
 */

/** The card as the composer and the proof lay it out, in inches. */
export type MapCard = { widthInches: number; heightInches: number; bleedInches: number; safeInches: number }

/** The safe margin inside the trim when the print settings name none. */
export const DEFAULT_SAFE_INCHES = 0.25

export type MapPoint = { x: number; y: number }
export type MapMarkerSize = { width: number; height: number }

export type MapMarkerDto = {
  orderId: string
  /** The marker's number in the card's legend: by business name, then order id. */
  number: number
  businessName: string
  iconName: string
  size: 'regular' | 'premium'
  /** The printed size, in inches. */
  sizeInches: MapMarkerSize
  /** A thumbnail of the line's artwork the admin can view, or null when there is none. */
  artworkUrl: string | null
  x: number
  y: number
  /** false: the owner has not placed it yet; x and y are its parking spot in the free column. */
  placed: boolean
}

/** A rectangle on the card, in inches from the trim's top-left corner. */
export type MapBand = { leftInches: number; topInches: number; widthInches: number; heightInches: number }

export type MailingMapResponse = {
  month: string
  image: { url: string; width: number; height: number } | null
  /** The image is the newest map example of the media library, not one uploaded for this mailing. */
  imageIsDefault: boolean
  legend: boolean
  /**
   * Where the numbered legend ("Map key") prints when it is on: a band across the foot of the safe area,
   * as tall as its rows need; null when no icon is sold.
   */
  legendBand: MapBand | null
  card: MapCard
  markers: MapMarkerDto[]
}

export type MapPositionsSavedResponse = { saved: number }

export const MAP_POSITION_NOT_SOLD = 'Only the map icons sold in this mailing can be placed on its map.'
export const MAP_IMAGE_NOT_ALLOWED = 'Please upload the map as a PNG or JPEG image.'
export const MAX_MAP_IMAGE_BYTES = 20 * 1024 * 1024
export const MAP_IMAGE_TOO_LARGE = 'Please upload a map image smaller than 20 MB.'
export const MAP_IMAGE_FIELD = 'file'

const fraction = (axis: 'x' | 'y') =>
  z
    .number({ error: `Enter ${axis} as a number from 0 to 1.` })
    .min(0, `${axis} must be at least 0.`)
    .max(1, `${axis} must be at most 1.`)

export const mapPositionsInputSchema = z.object({
  positions: z
    .array(
      z.object({
        orderId: z.string({ error: 'Name the order line.' }).min(1, 'Name the order line.').max(100),
        x: fraction('x'),
        y: fraction('y'),
      }),
    )
    .min(1, 'Send at least one position.')
    .max(1000, 'Send at most 1000 positions.')
    .refine((list) => new Set(list.map((p) => p.orderId)).size === list.length, {
      message: 'Each order line can be placed once.',
    }),
})
export type MapPositionsInput = z.infer<typeof mapPositionsInputSchema>

export const mapSettingsInputSchema = z.object({
  legend: z.boolean({ error: 'Say whether the card shows the numbered legend.' }),
})
export type MapSettingsInput = z.infer<typeof mapSettingsInputSchema>

// ---------------------------------------------------------------- layout rules

/** Room under a marker for its caption (the business name), in inches. */
export const MAP_CAPTION_INCHES = 0.18
/** Space between parked markers, in inches. */
const PARK_GAP_INCHES = 0.08

/**
 * Spots for markers not placed yet, in the order given: a column at the right edge of the safe area, top to
 * bottom, then the next column to its left when one is full; every slot is as large as the largest marker
 * (plus its caption), so no two overlap. A column is never empty, so on a card too small for one slot the
 * markers still get distinct spots.
 */
export function parkedPositions(card: MapCard, sizes: readonly MapMarkerSize[]): MapPoint[] {
  if (sizes.length === 0) return []
  const slotW = Math.max(...sizes.map((s) => s.width)) + PARK_GAP_INCHES
  const slotH = Math.max(...sizes.map((s) => s.height)) + MAP_CAPTION_INCHES + PARK_GAP_INCHES
  const safeH = card.heightInches - 2 * card.safeInches
  const perColumn = Math.max(1, Math.floor(safeH / slotH))
  return sizes.map((_, i) => {
    const column = Math.floor(i / perColumn)
    const row = i % perColumn
    const cx = card.widthInches - card.safeInches - slotW / 2 - column * slotW
    const cy = card.safeInches + slotH * row + (slotH - MAP_CAPTION_INCHES) / 2
    return { x: clamp01(cx / card.widthInches), y: clamp01(cy / card.heightInches) }
  })
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value))
}

/** A marker's printed square on the card, in inches from the trim's top-left corner. */
type Box = { left: number; top: number; right: number; bottom: number }

function markerBox(card: MapCard, marker: MapPoint & { sizeInches: MapMarkerSize }): Box {
  const cx = marker.x * card.widthInches
  const cy = marker.y * card.heightInches
  const { width, height } = marker.sizeInches
  return { left: cx - width / 2, top: cy - height / 2, right: cx + width / 2, bottom: cy + height / 2 }
}

type Placeable = MapPoint & { orderId: string; sizeInches: MapMarkerSize }

/** The markers whose printed squares overlap another's, each with the ids of those it overlaps. */
export function overlappingMarkers(card: MapCard, markers: readonly Placeable[]): Map<string, string[]> {
  const boxes = markers.map((m) => markerBox(card, m))
  const result = new Map<string, string[]>()
  markers.forEach((a, i) => {
    markers.forEach((b, j) => {
      if (i === j) return
      const p = boxes[i] as Box
      const q = boxes[j] as Box
      if (p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom)
        result.set(a.orderId, [...(result.get(a.orderId) ?? []), b.orderId])
    })
  })
  return result
}

/** Whether any part of the marker's printed square lies outside the safe area (the trim less the margin). */
export function isOutsideSafeArea(card: MapCard, marker: Placeable): boolean {
  const box = markerBox(card, marker)
  const epsilon = 1e-9
  return (
    box.left < card.safeInches - epsilon ||
    box.top < card.safeInches - epsilon ||
    box.right > card.widthInches - card.safeInches + epsilon ||
    box.bottom > card.heightInches - card.safeInches + epsilon
  )
}

/** Whether any part of the marker's printed square lies over `band` (the legend, when the card prints it). */
export function isOverBand(card: MapCard, band: MapBand, marker: Placeable): boolean {
  const box = markerBox(card, marker)
  return (
    box.left < band.leftInches + band.widthInches &&
    band.leftInches < box.right &&
    box.top < band.topInches + band.heightInches &&
    band.topInches < box.bottom
  )
}

/** The order of the legend's numbers: by business name (case-insensitively), then order id. */
export function compareMarkers(
  a: { businessName: string; orderId: string },
  b: { businessName: string; orderId: string },
): number {
  const byName = a.businessName.localeCompare(b.businessName, 'en', { sensitivity: 'base' })
  if (byName !== 0) return byName
  return a.orderId < b.orderId ? -1 : a.orderId > b.orderId ? 1 : 0
}

import { PDFDocument } from '@cantoo/pdf-lib'
import { describe, expect, it } from 'vitest'
import { DEFAULT_PRINT_SPECS, type PrintSpecs } from '#shared/artwork.ts'
import { addCardPage, type Box, POINTS_PER_INCH, proofPageLayout, SLUG_INCHES } from './proof-page.ts'

const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height

const strictlyOutside = (point: { x: number; y: number }, box: Box) =>
  point.x < box.x || point.x > box.x + box.width || point.y < box.y || point.y > box.y + box.height

describe('proofPageLayout', () => {
  it('puts the bleed box inside the sheet with a slug round it, the trim inside the bleed, the safe area inside the trim', () => {
    const layout = proofPageLayout(DEFAULT_PRINT_SPECS)
    const slug = SLUG_INCHES * POINTS_PER_INCH
    expect(layout.trim).toEqual({ x: slug + 9, y: slug + 9, width: 612, height: 792 })
    expect(layout.bleed).toEqual({ x: slug, y: slug, width: 630, height: 810 })
    expect(layout.width).toBe(630 + 2 * slug)
    expect(layout.height).toBe(810 + 2 * slug)
    expect(layout.safe).toEqual({ x: slug + 9 + 18, y: slug + 9 + 18, width: 612 - 36, height: 792 - 36 })
    const media = { x: 0, y: 0, width: layout.width, height: layout.height }
    expect(inside(layout.bleed, media)).toBe(true)
    expect(layout.bleed.width).toBeLessThan(media.width)
    expect(inside(layout.trim, layout.bleed)).toBe(true)
    expect(inside(layout.safe, layout.trim)).toBe(true)
  })

  it('draws eight crop marks on the trim lines, wholly outside the bleed box and inside the sheet', () => {
    for (const bleedInches of [0, 0.125, 0.25]) {
      const specs: PrintSpecs = {
        ...DEFAULT_PRINT_SPECS,
        postcard: { ...DEFAULT_PRINT_SPECS.postcard, bleedInches },
      }
      const { cropMarks, bleed, trim, width, height } = proofPageLayout(specs)
      expect(cropMarks).toHaveLength(8)
      const media = { x: 0, y: 0, width, height }
      for (const { from, to } of cropMarks) {
        expect(strictlyOutside(from, bleed)).toBe(true)
        expect(strictlyOutside(to, bleed)).toBe(true)
        expect(
          inside({ x: Math.min(from.x, to.x), y: Math.min(from.y, to.y), width: 0, height: 0 }, media),
        ).toBe(true)
        expect(
          inside({ x: Math.max(from.x, to.x), y: Math.max(from.y, to.y), width: 0, height: 0 }, media),
        ).toBe(true)
        // On a trim line: horizontal marks at the trim's bottom or top, vertical ones at its left or right.
        if (from.y === to.y) expect([trim.y, trim.y + trim.height]).toContain(from.y)
        else expect([trim.x, trim.x + trim.width]).toContain(from.x)
      }
    }
  })

  it('keeps the top slug (the draft band) between the bleed box and the sheet edge', () => {
    const { topSlug, bleed, height } = proofPageLayout(DEFAULT_PRINT_SPECS)
    expect(topSlug.y).toBeGreaterThan(bleed.y + bleed.height)
    expect(topSlug.y + topSlug.height).toBeLessThanOrEqual(height)
    expect(topSlug.height).toBeGreaterThan(10)
  })

  it('follows the settings: a card 6 × 4 in with a 0.5 in safe margin', () => {
    const specs: PrintSpecs = {
      ...DEFAULT_PRINT_SPECS,
      postcard: { widthInches: 6, heightInches: 4, bleedInches: 0.125, safeInches: 0.3 },
    }
    const { trim, safe } = proofPageLayout(specs)
    expect(trim.width).toBe(432)
    expect(trim.height).toBe(288)
    expect(safe.x - trim.x).toBeCloseTo(0.3 * 72)
  })
})

describe('addCardPage', () => {
  it('sets the page boxes from the layout', async () => {
    const doc = await PDFDocument.create()
    const layout = proofPageLayout(DEFAULT_PRINT_SPECS)
    const page = addCardPage(doc, layout)
    expect(page.getMediaBox()).toEqual({ x: 0, y: 0, width: layout.width, height: layout.height })
    expect(page.getBleedBox()).toEqual(layout.bleed)
    expect(page.getTrimBox()).toEqual(layout.trim)
  })
})

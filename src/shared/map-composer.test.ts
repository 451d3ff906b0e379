import { describe, expect, it } from 'vitest'
import {
  compareMarkers,
  isOutsideSafeArea,
  type MapCard,
  overlappingMarkers,
  parkedPositions,
} from './map-composer.ts'

const card: MapCard = { widthInches: 8.5, heightInches: 11, bleedInches: 0.125, safeInches: 0.25 }
const regular = { width: 0.5, height: 0.5 }
const premium = { width: 0.75, height: 0.75 }

const placed = (sizes: { width: number; height: number }[]) =>
  parkedPositions(card, sizes).map((p, i) => ({
    ...p,
    orderId: `o${i}`,
    sizeInches: sizes[i] as typeof regular,
  }))

describe('parkedPositions', () => {
  it('parks the first marker at the top of the safe area’s right edge', () => {
    const [first] = placed([regular])
    expect(first).toBeDefined()
    const right = (first?.x ?? 0) * card.widthInches + regular.width / 2
    const top = (first?.y ?? 0) * card.heightInches - regular.height / 2
    expect(right).toBeLessThanOrEqual(card.widthInches - card.safeInches)
    expect(right).toBeGreaterThan(card.widthInches - card.safeInches - 0.2)
    expect(top).toBeGreaterThanOrEqual(card.safeInches)
    expect(top).toBeLessThan(card.safeInches + 0.1)
  })

  it('goes down a column, then to the next column to the left, never overlapping and inside the safe area', () => {
    const sizes = Array.from({ length: 40 }, (_, i) => (i % 3 === 0 ? premium : regular))
    const markers = placed(sizes)
    expect(overlappingMarkers(card, markers).size).toBe(0)
    for (const m of markers) expect(isOutsideSafeArea(card, m)).toBe(false)
    const xs = [...new Set(markers.map((m) => m.x))]
    expect(xs.length).toBeGreaterThan(1)
    // Columns move left; within a column, markers move down.
    expect(xs).toEqual([...xs].sort((a, b) => b - a))
    const firstColumn = markers.filter((m) => m.x === xs[0])
    expect(firstColumn.map((m) => m.y)).toEqual([...firstColumn.map((m) => m.y)].sort((a, b) => a - b))
  })

  it('is deterministic and depends only on the order given', () => {
    const sizes = [regular, premium, regular]
    expect(parkedPositions(card, sizes)).toEqual(parkedPositions(card, sizes))
    expect(parkedPositions(card, [])).toEqual([])
  })

  it('keeps every spot on the card even when the card is too small for one slot', () => {
    const tiny: MapCard = { widthInches: 1, heightInches: 0.6, bleedInches: 0, safeInches: 0.25 }
    for (const p of parkedPositions(tiny, [premium, premium])) {
      expect(p.x).toBeGreaterThanOrEqual(0)
      expect(p.x).toBeLessThanOrEqual(1)
      expect(p.y).toBeGreaterThanOrEqual(0)
      expect(p.y).toBeLessThanOrEqual(1)
    }
  })
})

describe('overlaps and the safe area', () => {
  it('finds markers whose printed squares overlap, both ways', () => {
    const a = { orderId: 'a', x: 0.5, y: 0.5, sizeInches: regular }
    const b = { orderId: 'b', x: 0.5 + 0.4 / card.widthInches, y: 0.5, sizeInches: regular }
    const c = { orderId: 'c', x: 0.2, y: 0.2, sizeInches: regular }
    const overlaps = overlappingMarkers(card, [a, b, c])
    expect(overlaps.get('a')).toEqual(['b'])
    expect(overlaps.get('b')).toEqual(['a'])
    expect(overlaps.has('c')).toBe(false)
    // Touching edges is no overlap.
    const d = { orderId: 'd', x: 0.5 + 0.5 / card.widthInches, y: 0.5, sizeInches: regular }
    expect(overlappingMarkers(card, [a, d]).size).toBe(0)
  })

  it('flags a marker reaching past the safe margin', () => {
    expect(isOutsideSafeArea(card, { orderId: 'x', x: 0.5, y: 0.5, sizeInches: regular })).toBe(false)
    expect(isOutsideSafeArea(card, { orderId: 'x', x: 0.01, y: 0.5, sizeInches: regular })).toBe(true)
    expect(isOutsideSafeArea(card, { orderId: 'x', x: 0.5, y: 0.99, sizeInches: regular })).toBe(true)
    const edge = (card.safeInches + regular.width / 2) / card.widthInches
    expect(isOutsideSafeArea(card, { orderId: 'x', x: edge, y: 0.5, sizeInches: regular })).toBe(false)
  })

  it('numbers by business name, then order id', () => {
    const list = [
      { businessName: 'bob’s', orderId: 'b' },
      { businessName: 'Alice', orderId: 'z' },
      { businessName: 'Bob’s', orderId: 'a' },
    ]
    expect([...list].sort(compareMarkers).map((m) => m.orderId)).toEqual(['z', 'a', 'b'])
  })
})

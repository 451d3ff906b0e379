import { dayPriceSchema, INVALID_PRICE_MESSAGE } from '#shared/calendar-admin.ts'

export type PriceParse = { ok: true; price: number } | { ok: false; message: string }

/** The inline day price must be a number greater than 0 (kept to cents). */
export function parseDayPrice(text: string): PriceParse {
  const trimmed = text.trim()
  if (trimmed === '') return { ok: false, message: INVALID_PRICE_MESSAGE }
  const value = Number(trimmed)
  const result = dayPriceSchema.safeParse(value)
  if (!result.success) return { ok: false, message: result.error.issues[0]?.message ?? INVALID_PRICE_MESSAGE }
  return { ok: true, price: Math.round(value * 100) / 100 }
}

/** Only these three are shown as they are; any other value reads 'Not Initialized'. */
export function dayStatusLabel(status: string): string {
  return status === 'available' || status === 'reserved' || status === 'reserved_pending'
    ? status
    : 'Not Initialized'
}

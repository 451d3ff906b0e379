import type { PrintSize } from '#shared/artwork.ts'
import type { CartMapIcon } from '#shared/cart.ts'
import type { MapIconDto } from '#shared/dto.ts'
import type { MapIconMailingStock, MonthKey } from '#shared/mailings.ts'

/**
 * Reserve; In Cart (same icon chosen); Sold Out (available_quantity <= 0). Icons are sold per
 * mailing: In Cart means the same icon for the same mailing, and the stock is that mailing's.
 */
export type MapIconButtonState = 'reserve' | 'in-cart' | 'sold-out'

export function mapIconButtonState(
  icon: Pick<MapIconDto, 'id' | 'month'>,
  stock: Pick<MapIconMailingStock, 'month' | 'availableQuantity'>,
  cartIcon: Pick<CartMapIcon, 'id' | 'month'> | null,
): MapIconButtonState {
  // A cart saved before mailings names no month: it is for the next open one, as the server reads it.
  if (cartIcon?.id === icon.id && (cartIcon.month ?? icon.month) === stock.month) return 'in-cart'
  if (stock.availableQuantity <= 0) return 'sold-out'
  return 'reserve'
}

/** The mailings the icons are sold for: every month of their stock, each once, earliest first. */
export function mailingMonthsOf(icons: ReadonlyArray<Pick<MapIconDto, 'month' | 'stock'>>): MonthKey[] {
  const months = new Set<MonthKey>()
  for (const icon of icons) {
    if (icon.month) months.add(icon.month)
    for (const entry of icon.stock ?? []) months.add(entry.month)
  }
  return [...months].sort()
}

/**
 * The icon's stock in one mailing. The next open mailing's figures are the icon's own (availableQuantity
 * and totalQuantity are that mailing's); the others come from `stock`. An icon without an entry for a
 * mailing has none to sell there (0 of 0).
 */
export function iconStockFor(
  icon: Pick<MapIconDto, 'month' | 'availableQuantity' | 'totalQuantity' | 'stock'>,
  month: MonthKey,
): MapIconMailingStock {
  if (icon.month === month) {
    return { month, availableQuantity: icon.availableQuantity, totalQuantity: icon.totalQuantity }
  }
  return icon.stock?.find((s) => s.month === month) ?? { month, availableQuantity: 0, totalQuantity: 0 }
}

/** 'x of y remaining'; a negative count (an oversold legacy row) reads 0. */
export function remainingText(
  stock: Pick<MapIconMailingStock, 'availableQuantity' | 'totalQuantity'>,
): string {
  return `${Math.max(0, stock.availableQuantity)} of ${stock.totalQuantity} remaining`
}

/** 'Map Icon' for small, otherwise 'Premium size'. */
export function mapIconSizeText(size: string): string {
  return size === 'small' ? 'Map Icon' : 'Premium size'
}

const inches = (value: number) => `${Math.round(value * 1000) / 1000} in`

/** 'Printed size: 0.5 in × 0.5 in': how big the icon prints on the map, width by height. */
export function printSizeText(size: PrintSize): string {
  return `Printed size: ${inches(size.widthInches)} × ${inches(size.heightInches)}`
}

const CARD_TEXTS: Record<string, string> = {
  'Large Map Icon': 'Personalized Service & Collaboration. We work closely with you.',
  'Map Icon': 'Standard size map icon.',
}

/** The two card texts, by icon name; other icons have none. */
export function mapIconCardText(name: string): string | null {
  return CARD_TEXTS[name] ?? null
}

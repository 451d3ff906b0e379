import type { MapIconDto } from '../../../shared/dto'

/** Spec section 4: Reserve; In Cart (same icon chosen); Sold Out (available_quantity <= 0). */
export type MapIconButtonState = 'reserve' | 'in-cart' | 'sold-out'

export function mapIconButtonState(
  icon: Pick<MapIconDto, 'id' | 'availableQuantity'>,
  cartIconId: string | null,
): MapIconButtonState {
  if (cartIconId === icon.id) return 'in-cart'
  if (icon.availableQuantity <= 0) return 'sold-out'
  return 'reserve'
}

/** Spec section 2: 'Map Icon' for small, otherwise 'Premium size'. */
export function mapIconSizeText(size: string): string {
  return size === 'small' ? 'Map Icon' : 'Premium size'
}

const CARD_TEXTS: Record<string, string> = {
  'Large Map Icon': 'Personalized Service & Collaboration. We work closely with you.',
  'Map Icon': 'Standard size map icon.',
}

/** Spec section 2: the two card texts, by icon name; other icons have none. */
export function mapIconCardText(name: string): string | null {
  return CARD_TEXTS[name] ?? null
}

import type { orders } from '#server/db/schema.ts'
import type { ServerConfig } from '#server/env.ts'
import { formatDayDate } from '#shared/format.ts'
import { mailingMonthLabel } from '#shared/mailing-names.ts'
import type { MonthKey } from '#shared/month-key.ts'
import type { PurchaseDocumentInput } from './receipt-pdf.ts'

// What receipts, invoices and the advertiser's account say about a purchase's lines and its seller.

type Line = Pick<
  typeof orders.$inferSelect,
  'itemDate' | 'itemName' | 'itemSize' | 'mailingMonth' | 'mapIconId' | 'metadata'
>

/** The three kinds the admin list's typeCondition and the purchase summary tell apart. */
export function purchaseLineKind(line: Line): 'calendar_day' | 'map_icon' | 'special_purchase' {
  if (line.metadata?.order_type === 'special_purchase') return 'special_purchase'
  if (line.mapIconId || line.itemName) return 'map_icon'
  return 'calendar_day'
}

/** 'Calendar day — Tuesday, March 2, 2027', 'Map icon — Premium (Coffee cup), March 2027 mailing', … */
export function describePurchaseLine(line: Line): string {
  const kind = purchaseLineKind(line)
  if (kind === 'calendar_day' && line.itemDate) return `Calendar day — ${formatDayDate(line.itemDate)}`
  if (kind === 'map_icon') {
    const size = line.itemSize === 'small' ? 'Regular' : 'Premium'
    const mailing = line.mailingMonth ? `, ${mailingMonthLabel(line.mailingMonth as MonthKey)} mailing` : ''
    return `Map icon — ${size} (${line.itemName ?? 'icon'})${mailing}`
  }
  const description = line.metadata?.description
  return typeof description === 'string' ? description : 'Special purchase'
}

/** The seller block of a receipt or invoice: the site's own name and contact. */
export function documentSeller(
  config: Pick<ServerConfig, 'site' | 'publicOrigin'>,
): PurchaseDocumentInput['seller'] {
  const { site } = config
  return {
    name: site.productName,
    town: site.town,
    region: site.region,
    email: site.contactEmail,
    phone: site.contactPhone || null,
    website: config.publicOrigin,
  }
}

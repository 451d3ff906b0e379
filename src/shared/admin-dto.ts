/**
 * The admin API's JSON. Every route is under /api/admin/* (plus the settings PUTs), behind
 * the one admin guard: 401 anonymous, 403 signed-in non-admin. Money in dollars, days 'YYYY-MM-DD',
 * timestamps ISO strings. Errors are { error: { code, message, fields? } }
 * (src/server/lib/errors.ts).
 *
 * Calendar
 *   GET    /api/admin/calendar-days?startDate&endDate&status&maxPrice → AdminCalendarDaysResponse (date asc;
 *          status 'all' or absent = no status filter; maxPrice applies only when > 0)
 *   PATCH  /api/admin/calendar-days/:id {price?, status?, businessName?} → CalendarDayDto
 *   DELETE /api/admin/calendar-days/:id → 204
 *          (both 409 when a pending or paid order holds the day; its dead orders are detached on delete)
 *   POST   /api/admin/calendar-days/initialize {startDate, endDate, price = 120, min 0} → InitializeRangeResponse
 *   POST   /api/admin/calendar-days/bulk-price {ids (1-1000), price min 1} → BulkPriceResponse
 *   POST   /api/admin/calendar-days/bulk-delete {ids (1-1000)} → BulkDeleteDaysResponse
 *          (range and bulk actions skip held days and list them in `skipped`)
 * Orders
 *   The list, its CSV and each checkout's detail are by checkout: src/shared/admin-checkouts.ts.
 *   PATCH  /api/admin/orders/:id {status: 'pending'|'paid'|'refunded'} → AdminOrderDto
 *   POST   /api/admin/orders/bulk-status {ids: string[] (≥ 1), status} → AdminOrdersResponse
 *   POST   /api/admin/orders/bulk-delete {ids: string[] (≥ 1)} → { deleted: number }
 *   DELETE /api/admin/orders/:id → 204
 *   POST   /api/admin/manual-orders {businessName, email, dayId} → 201 AdminOrderDto (paid, ORD-xxxxx)
 *   POST   /api/admin/manual-map-icon-orders {businessName, email, iconId} → 201 AdminOrderDto (paid, MAP-xxxxx)
 * Media
 *   GET    /api/admin/media?type=… → MediaListResponse
 *   POST   /api/admin/media  multipart/form-data {type, file} → 201 MediaItemDto (images only, ≤ 5 MB, by content)
 *   DELETE /api/admin/media/<id path> → 204
 * Blog: GET/POST /api/admin/blog-posts, PUT/DELETE /api/admin/blog-posts/:id (BlogPostDto)
 * Settings: PUT /api/settings/font {font}, PUT /api/settings/calendar {month, year} → SiteSettings
 */

export type AdminCalendarDayDto = {
  id: string
  date: string
  status: string
  businessName: string | null
  price: number
}
export type AdminCalendarDaysResponse = { days: AdminCalendarDayDto[] }
/** A day a bulk action left unchanged because a pending or paid order holds it. */
export type HeldDayDto = { id: string; date: string; businessName: string; orderStatus: 'pending' | 'paid' }
export type InitializeRangeResponse = { created: number; updated: number; skipped: HeldDayDto[] }
export type BulkPriceResponse = { updated: number; skipped: HeldDayDto[] }
export type BulkDeleteDaysResponse = { deleted: number; skipped: HeldDayDto[] }

export type OrderType = 'calendar_day' | 'map_icon' | 'special_purchase'

export type OrderHistoryEntryDto = {
  at: string
  /** The administrator's e-mail, or 'system' / 'payment provider' for automatic changes. */
  by: string
  from: string | null
  to: string
}

export type AdminOrderDto = {
  id: string
  businessName: string
  email: string
  type: OrderType
  /** The calendar day's date for calendar orders: the order's own record, kept whatever happens to the day. */
  date: string | null
  /** The icon's name and size as bought. */
  iconName: string | null
  iconSize: string | null
  /** The catalogue price of the item when it was bought (amount is what was charged, after discounts). */
  unitPrice: number | null
  /** Special purchases: units and description. */
  units: number | null
  description: string | null
  amount: number
  status: string
  /** 'checkout' or 'manual'. */
  source: string
  /** True when paid through the payment provider (a refund goes back through it). */
  paidOnline: boolean
  createdAt: string
  /** A refund the server owes (a late payment it could not honour): pending until the provider confirms. */
  refund: 'pending' | 'done' | null
  /** Set when an administrator deleted the order (status 'deleted'): who and when. */
  deletedAt: string | null
  deletedBy: string | null
  history: OrderHistoryEntryDto[]
}
export type AdminOrdersResponse = { orders: AdminOrderDto[] }

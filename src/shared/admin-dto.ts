/**
 * The admin API's JSON (admin issue). Every route is under /api/admin/* (plus the settings PUTs), behind
 * the one admin guard: 401 anonymous, 403 signed-in non-admin. Money in dollars, days 'YYYY-MM-DD',
 * timestamps ISO strings. Errors are ApiErrorBody (src/shared/dto.ts).
 *
 * Calendar
 *   GET    /api/admin/calendar-days?startDate&endDate&status&maxPrice → AdminCalendarDaysResponse (date asc;
 *          status 'all' or absent = no status filter; maxPrice applies only when > 0)
 *   PATCH  /api/admin/calendar-days/:id {price?, status?, businessName?} → CalendarDayDto
 *   DELETE /api/admin/calendar-days/:id → 204
 *   POST   /api/admin/calendar-days/initialize {startDate, endDate, price = 120, min 0} → InitializeRangeResponse
 *   POST   /api/admin/calendar-days/bulk-price {startDate, endDate, price min 1} → { updated: number }
 *   POST   /api/admin/calendar-days/bulk-delete {startDate, endDate} → { deleted: number }
 * Orders
 *   GET    /api/admin/orders?status&businessName&createdFrom&createdTo → AdminOrdersResponse (newest first)
 *   GET    /api/admin/orders/export.csv?<same filters> → text/csv
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
export type InitializeRangeResponse = { created: number; updated: number }

export type OrderStatus = 'pending' | 'paid' | 'refunded' | 'expired'
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
  /** The calendar day's date for calendar orders. */
  date: string | null
  iconName: string | null
  iconSize: string | null
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
  history: OrderHistoryEntryDto[]
}
export type AdminOrdersResponse = { orders: AdminOrderDto[] }

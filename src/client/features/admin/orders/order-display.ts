import { ApiError } from '#client/lib/api-client.ts'
import type { AdminOrderDto, OrderType } from '#shared/admin-dto.ts'
import { formatDayDate } from '#shared/format.ts'

const TYPE_LABELS: Record<OrderType, string> = {
  map_icon: 'Map Icon',
  calendar_day: 'Calendar Day',
  special_purchase: 'Special Purchase',
}

export function orderTypeLabel(type: OrderType): string {
  return TYPE_LABELS[type] ?? type
}

/** The Date/Icon column: the day for calendar orders, the icon for icon orders, units for special purchases. */
export function orderSubject(
  order: Pick<AdminOrderDto, 'type' | 'date' | 'iconName' | 'units' | 'description'>,
): string {
  if (order.type === 'calendar_day') return order.date ? formatDayDate(order.date) : ''
  if (order.type === 'map_icon') return order.iconName ?? ''
  const units = order.units ?? 0
  return `${units} ${units === 1 ? 'unit' : 'units'}${order.description ? ` · ${order.description}` : ''}`
}

const timestamp = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

export function formatTimestamp(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : timestamp.format(date)
}

/** A missing order reads 'Order not found.'. */
export function orderErrorDescription(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 404) return 'Order not found.'
  if (error instanceof ApiError && error.hasServerMessage && error.status < 500) return error.message
  return fallback
}

import type { AdminOrderDto, OrderType } from '#shared/admin-dto.ts'

export const TYPE_LABELS: Record<OrderType, string> = {
  calendar_day: 'Calendar Day',
  map_icon: 'Map Icon',
  special_purchase: 'Special Purchase',
}

/**
 * One CSV cell. A cell a spreadsheet would run as a formula (starting with = + - @, or a tab or carriage
 * return that some programs skip) is prefixed with a single quote (OWASP "CSV injection"); a cell holding
 * a quote, comma or line break is quoted with its quotes doubled (RFC 4180).
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export function csvRow(cells: (string | number | null)[]): string {
  return cells.map(csvCell).join(',')
}

export const ORDERS_CSV_HEADER = [
  'Order ID',
  'Business Name',
  'Email',
  'Type',
  'Date/Icon',
  'Amount',
  'Status',
  'Source',
  'Created At',
]

function dateOrIcon(order: AdminOrderDto): string | null {
  if (order.type === 'special_purchase') return order.description
  if (order.type === 'map_icon') return order.iconName
  return order.date
}

/** The filtered admin order list as CSV: a header row, CRLF line ends (RFC 4180), amounts in dollars. */
export function ordersToCsv(orders: AdminOrderDto[]): string {
  const lines = [
    csvRow(ORDERS_CSV_HEADER),
    ...orders.map((o) =>
      csvRow([
        o.id,
        o.businessName,
        o.email,
        TYPE_LABELS[o.type],
        dateOrIcon(o),
        o.amount.toFixed(2),
        o.status,
        o.source,
        o.createdAt,
      ]),
    ),
  ]
  return `${lines.join('\r\n')}\r\n`
}

import type { SessionOrderDto } from '#shared/checkout.ts'
import { formatDayDate, formatPrice } from '#shared/format.ts'

function describeOrder(order: SessionOrderDto): string {
  if (order.type === 'calendar_day' && order.date) return `Calendar day: ${formatDayDate(order.date)}`
  if (order.type === 'map_icon') return `Map icon: ${order.iconName ?? 'Map icon'}`
  if (order.type === 'special_purchase') {
    return `${order.description ?? 'Special Purchase'}${order.units ? ` (${order.units} units)` : ''}`
  }
  return order.id
}

/** The thank-you page's Order Summary: one line per order (a refunded one marked so) and the total paid. */
export function SessionOrderSummary({
  orders,
  totalAmount,
}: {
  orders: SessionOrderDto[]
  totalAmount: number
}) {
  return (
    <section aria-labelledby="order-summary" className="rounded-lg border border-slate-200 p-6 text-left">
      <h2 id="order-summary" className="mb-4 text-2xl text-slate-900">
        Order Summary
      </h2>
      <ul className="divide-y divide-slate-200">
        {orders.map((order) => (
          <li key={order.id} className="flex items-baseline justify-between gap-4 py-2">
            <span>
              {describeOrder(order)}
              <span className="block text-sm text-slate-700">Order {order.id}</span>
            </span>
            {order.status === 'refunded' ? (
              <span className="flex flex-col items-end">
                <s className="text-slate-700">{formatPrice(order.amount)}</s>
                <span className="text-sm font-medium">Refunded</span>
              </span>
            ) : (
              <span className="font-medium">{formatPrice(order.amount)}</span>
            )}
          </li>
        ))}
      </ul>
      <p className="mt-4 flex justify-between border-t border-slate-300 pt-3 text-lg font-semibold">
        <span>Total</span>
        <span>{formatPrice(totalAmount)}</span>
      </p>
    </section>
  )
}

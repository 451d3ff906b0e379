import { ChevronDown, ChevronRight, Trash2 } from 'lucide-react'
import type { AdminOrderDto } from '../../../../../shared/admin-dto'
import { formatPrice } from '../../../../../shared/format'
import { Badge } from '../../../../components/ui/badge'
import { Button } from '../../../../components/ui/button'
import { Checkbox } from '../../../../components/ui/checkbox'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../../../components/ui/select'
import { TableCell, TableRow } from '../../../../components/ui/table'
import { SETTABLE_ORDER_STATUSES, type SettableOrderStatus } from '../api/update-order-status'
import { formatTimestamp, orderSubject, orderTypeLabel } from '../order-display'

const STATUS_VARIANT: Record<string, 'success' | 'warning' | 'secondary' | 'destructive'> = {
  paid: 'success',
  pending: 'warning',
  refunded: 'secondary',
  expired: 'destructive',
  deleted: 'destructive',
}

/**
 * The status as the owner should read it: a refund the server still owes (a late payment it could not
 * honour) shows as 'refund pending' until the payment provider confirms it.
 */
export function orderStatusLabel(order: AdminOrderDto): string {
  return order.refund === 'pending' ? 'refund pending' : order.status
}

export const ORDER_COLUMN_COUNT = 9

export function OrderRow({
  order,
  isSelected,
  isExpanded,
  onSelect,
  onToggleDetails,
  onStatusChange,
  onDelete,
}: {
  order: AdminOrderDto
  isSelected: boolean
  isExpanded: boolean
  onSelect: (selected: boolean) => void
  onToggleDetails: () => void
  onStatusChange: (status: SettableOrderStatus) => void
  onDelete: () => void
}) {
  const detailsId = `order-details-${order.id}`
  return (
    <>
      <TableRow data-state={isSelected ? 'selected' : undefined} className="data-[state=selected]:bg-blue-50">
        <TableCell>
          <Checkbox
            checked={isSelected}
            onCheckedChange={(checked) => onSelect(checked === true)}
            aria-label={`Select order ${order.id}`}
          />
        </TableCell>
        <TableCell className="font-mono whitespace-nowrap">{order.id}</TableCell>
        <TableCell>{order.businessName}</TableCell>
        <TableCell className="whitespace-nowrap">{orderTypeLabel(order.type)}</TableCell>
        <TableCell className="min-w-40">{orderSubject(order)}</TableCell>
        <TableCell>{formatPrice(order.amount)}</TableCell>
        <TableCell>
          <Badge
            variant={order.refund === 'pending' ? 'warning' : (STATUS_VARIANT[order.status] ?? 'secondary')}
          >
            {orderStatusLabel(order)}
          </Badge>
        </TableCell>
        <TableCell className="whitespace-nowrap">{formatTimestamp(order.createdAt)}</TableCell>
        <TableCell>
          <div className="flex items-center gap-1">
            {order.status === 'deleted' ? null : (
              <Select
                value={
                  SETTABLE_ORDER_STATUSES.includes(order.status as SettableOrderStatus)
                    ? order.status
                    : undefined
                }
                onValueChange={(value) => onStatusChange(value as SettableOrderStatus)}
              >
                <SelectTrigger className="h-9 w-32" aria-label={`Status of order ${order.id}`}>
                  <SelectValue placeholder={order.status} />
                </SelectTrigger>
                <SelectContent>
                  {SETTABLE_ORDER_STATUSES.map((status) => (
                    <SelectItem key={status} value={status}>
                      {status}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Details of order ${order.id}`}
              aria-expanded={isExpanded}
              aria-controls={isExpanded ? detailsId : undefined}
              onClick={onToggleDetails}
            >
              {isExpanded ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
            </Button>
            {order.status === 'deleted' ? null : (
              <Button
                variant="ghost"
                size="icon"
                className="text-red-700"
                aria-label={`Delete order ${order.id}`}
                onClick={onDelete}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            )}
          </div>
        </TableCell>
      </TableRow>
      {isExpanded ? (
        <TableRow id={detailsId} className="bg-slate-50">
          <TableCell colSpan={ORDER_COLUMN_COUNT}>
            <OrderDetails order={order} />
          </TableCell>
        </TableRow>
      ) : null}
    </>
  )
}

function OrderDetails({ order }: { order: AdminOrderDto }) {
  return (
    <div className="space-y-2 text-sm">
      <p>
        <span className="font-semibold">Email:</span> {order.email} ·{' '}
        <span className="font-semibold">Source:</span> {order.source}
        {order.paidOnline ? ' (paid online)' : ''}
        {order.unitPrice !== null ? (
          <>
            {' '}
            · <span className="font-semibold">Unit price when bought:</span> {formatPrice(order.unitPrice)}
          </>
        ) : null}
      </p>
      {order.deletedAt ? (
        <p>
          <span className="font-semibold">Deleted</span> {formatTimestamp(order.deletedAt)} by{' '}
          {order.deletedBy}
        </p>
      ) : null}
      {order.refund === 'pending' ? (
        <p>A refund of this payment is pending with the payment provider; it is retried until confirmed.</p>
      ) : null}
      <h4 className="font-sans font-semibold">Order History</h4>
      {order.history.length === 0 ? (
        <p className="text-slate-700">No changes recorded.</p>
      ) : (
        <ul className="space-y-1">
          {order.history.map((entry, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: history entries are append-only and have no id.
            <li key={index}>
              {formatTimestamp(entry.at)}: {entry.from ?? 'new'} → {entry.to} by {entry.by}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

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
import { cn } from '../../../../lib/cn'
import { STACKED_CELL, STACKED_ROW } from '../../components/stacked-table'
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
      <TableRow
        data-state={isSelected ? 'selected' : undefined}
        className={cn('data-[state=selected]:bg-blue-50', STACKED_ROW)}
      >
        <TableCell data-label="Select" className={STACKED_CELL}>
          <Checkbox
            checked={isSelected}
            onCheckedChange={(checked) => onSelect(checked === true)}
            aria-label={`Select order ${order.id}`}
          />
        </TableCell>
        <TableCell data-label="Order ID" className={cn('font-mono whitespace-nowrap', STACKED_CELL)}>
          {order.id}
        </TableCell>
        <TableCell data-label="Business Name" className={STACKED_CELL}>
          {order.businessName}
        </TableCell>
        <TableCell data-label="Type" className={cn('whitespace-nowrap', STACKED_CELL)}>
          {orderTypeLabel(order.type)}
        </TableCell>
        <TableCell data-label="Date/Icon" className={cn('min-w-40', STACKED_CELL)}>
          {orderSubject(order)}
        </TableCell>
        <TableCell data-label="Amount" className={STACKED_CELL}>
          {formatPrice(order.amount)}
        </TableCell>
        <TableCell data-label="Status" className={STACKED_CELL}>
          <Badge
            variant={order.refund === 'pending' ? 'warning' : (STATUS_VARIANT[order.status] ?? 'secondary')}
          >
            {orderStatusLabel(order)}
          </Badge>
        </TableCell>
        <TableCell data-label="Created At" className={cn('whitespace-nowrap', STACKED_CELL)}>
          {formatTimestamp(order.createdAt)}
        </TableCell>
        <TableCell data-label="Actions" className={STACKED_CELL}>
          <div className="flex flex-wrap items-center gap-1">
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
        <TableRow id={detailsId} className={cn('bg-slate-50', STACKED_ROW)}>
          <TableCell colSpan={ORDER_COLUMN_COUNT} className="max-md:block">
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

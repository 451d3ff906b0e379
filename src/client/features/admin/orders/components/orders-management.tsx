import { Download, RefreshCw, Trash2 } from 'lucide-react'
import { useState } from 'react'
import type { AdminOrderDto } from '../../../../../shared/admin-dto'
import { agree, plural } from '../../../../../shared/plural'
import { Button, buttonVariants } from '../../../../components/ui/button'
import { Checkbox } from '../../../../components/ui/checkbox'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../../../components/ui/select'
import { Spinner } from '../../../../components/ui/spinner'
import { Table, TableBody, TableHead, TableHeader, TableRow } from '../../../../components/ui/table'
import { toast } from '../../../../components/ui/use-toast'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { STACKED_HEADER, STACKED_TABLE } from '../../components/stacked-table'
import { useLoadErrorToast } from '../../hooks/use-load-error-toast'
import { useBulkDeleteOrders } from '../api/bulk-delete-orders'
import { useBulkUpdateOrderStatus } from '../api/bulk-update-order-status'
import { useDeleteOrder } from '../api/delete-order'
import {
  EMPTY_ORDER_FILTERS,
  type OrderFilters,
  ordersExportUrl,
  useAdminOrders,
} from '../api/get-admin-orders'
import {
  SETTABLE_ORDER_STATUSES,
  type SettableOrderStatus,
  useUpdateOrderStatus,
} from '../api/update-order-status'
import { orderErrorDescription } from '../order-display'
import { OrderRow } from './order-row'
import { OrdersFilterPopover } from './orders-filter-popover'

const LOAD_ERROR = 'Failed to load orders. Please try again.'

function noneSelected() {
  toast({
    variant: 'destructive',
    title: 'No Orders Selected',
    description: 'Please select at least one order.',
  })
}

/** Spec section 2, orders: filters, refresh, CSV export, bulk actions and the orders table. */
export function OrdersManagement() {
  const [filters, setFilters] = useState<OrderFilters>(EMPTY_ORDER_FILTERS)
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [expanded, setExpanded] = useState<Set<string>>(new Set())
  const [bulkStatus, setBulkStatus] = useState<SettableOrderStatus>('paid')
  const [confirm, setConfirm] = useState<{ kind: 'one'; order: AdminOrderDto } | { kind: 'bulk' } | null>(
    null,
  )
  const { data, isPending, isError, isFetching, refetch } = useAdminOrders(filters)
  useLoadErrorToast(isError, LOAD_ERROR)
  const updateStatus = useUpdateOrderStatus()
  const bulkUpdate = useBulkUpdateOrderStatus()
  const deleteOne = useDeleteOrder()
  const bulkDelete = useBulkDeleteOrders()

  const orders = data?.orders ?? []
  // Only orders still on screen count as selected (a filter or a delete may have removed some).
  const selectedIds = orders.filter((o) => selected.has(o.id)).map((o) => o.id)
  const allChecked = orders.length > 0 && selectedIds.length === orders.length
  const headerChecked = allChecked ? true : selectedIds.length > 0 ? 'indeterminate' : false

  function toggle(set: Set<string>, id: string, on: boolean): Set<string> {
    const next = new Set(set)
    if (on) next.add(id)
    else next.delete(id)
    return next
  }

  function changeStatus(order: AdminOrderDto, status: SettableOrderStatus) {
    updateStatus.mutate(
      { id: order.id, status },
      {
        onSuccess: () =>
          toast({ title: 'Order Updated', description: `Order ${order.id} is now ${status}.` }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Update Failed',
            description: orderErrorDescription(error, 'Failed to update the order. Please try again.'),
          }),
      },
    )
  }

  function applyBulkStatus() {
    if (selectedIds.length === 0) return noneSelected()
    bulkUpdate.mutate(
      { ids: selectedIds, status: bulkStatus },
      {
        onSuccess: () =>
          toast({
            title: 'Orders Updated',
            description: `${plural(selectedIds.length, 'order')} ${agree(selectedIds.length, 'is', 'are')} now ${bulkStatus}.`,
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Bulk Update Failed',
            description: orderErrorDescription(error, 'Failed to update the orders. Please try again.'),
          }),
      },
    )
  }

  function requestBulkDelete() {
    if (selectedIds.length === 0) return noneSelected()
    setConfirm({ kind: 'bulk' })
  }

  function confirmDelete() {
    if (!confirm) return
    if (confirm.kind === 'one') {
      const { order } = confirm
      deleteOne.mutate(order.id, {
        onSuccess: () =>
          toast({ title: 'Order Deleted', description: `Order ${order.id} has been deleted.` }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Delete Failed',
            description: orderErrorDescription(error, 'Failed to delete the order. Please try again.'),
          }),
      })
      return
    }
    const ids = selectedIds
    bulkDelete.mutate(ids, {
      onSuccess: ({ deleted }) => {
        setSelected(new Set())
        toast({
          title: 'Orders Deleted',
          description: `${plural(deleted, 'order')} ${agree(deleted, 'has', 'have')} been deleted.`,
        })
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Bulk Deletion Failed',
          description: orderErrorDescription(error, 'Failed to delete the orders. Please try again.'),
        }),
    })
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <OrdersFilterPopover filters={filters} onApply={setFilters} />
        <Button variant="outline" onClick={() => void refetch()} disabled={isFetching}>
          <RefreshCw aria-hidden="true" className={isFetching ? 'animate-spin' : undefined} />
          Refresh
        </Button>
        <a className={buttonVariants({ variant: 'outline' })} href={ordersExportUrl(filters)} download>
          <Download aria-hidden="true" />
          Export CSV
        </a>
      </div>
      <fieldset className="flex flex-wrap items-center gap-2 rounded-md border border-slate-200 p-3">
        <legend className="px-1 text-sm font-medium">Bulk actions ({selectedIds.length} selected)</legend>
        <Select value={bulkStatus} onValueChange={(value) => setBulkStatus(value as SettableOrderStatus)}>
          <SelectTrigger className="w-36" aria-label="New status for selected orders">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {SETTABLE_ORDER_STATUSES.map((status) => (
              <SelectItem key={status} value={status}>
                {status}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Button variant="secondary" onClick={applyBulkStatus} disabled={bulkUpdate.isPending}>
          Update Status
        </Button>
        <Button variant="destructive" onClick={requestBulkDelete} disabled={bulkDelete.isPending}>
          <Trash2 aria-hidden="true" />
          Delete Selected
        </Button>
      </fieldset>
      {isPending ? (
        <Spinner label="Loading orders..." />
      ) : isError && !data ? (
        <p className="rounded-md border border-red-200 bg-red-50 p-4 text-red-900">{LOAD_ERROR}</p>
      ) : orders.length === 0 ? (
        <p className="rounded-md border border-slate-200 p-6 text-center text-slate-700">No orders found.</p>
      ) : (
        <Table label="Orders" className={STACKED_TABLE}>
          <TableHeader className={STACKED_HEADER}>
            <TableRow>
              <TableHead className="w-10">
                <Checkbox
                  checked={headerChecked}
                  onCheckedChange={(checked) =>
                    setSelected(checked === true ? new Set(orders.map((o) => o.id)) : new Set())
                  }
                  aria-label="Select all orders"
                />
              </TableHead>
              <TableHead>Order ID</TableHead>
              <TableHead>Business Name</TableHead>
              <TableHead>Type</TableHead>
              <TableHead>Date/Icon</TableHead>
              <TableHead>Amount</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Created At</TableHead>
              <TableHead>Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {orders.map((order) => (
              <OrderRow
                key={order.id}
                order={order}
                isSelected={selected.has(order.id)}
                isExpanded={expanded.has(order.id)}
                onSelect={(on) => setSelected((s) => toggle(s, order.id, on))}
                onToggleDetails={() => setExpanded((s) => toggle(s, order.id, !s.has(order.id)))}
                onStatusChange={(status) => changeStatus(order, status)}
                onDelete={() => setConfirm({ kind: 'one', order })}
              />
            ))}
          </TableBody>
        </Table>
      )}
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={confirm?.kind === 'bulk' ? 'Delete Selected Orders' : 'Delete Order'}
        description={
          confirm?.kind === 'one'
            ? `Delete order ${confirm.order.id}? A pending or paid order releases its day.`
            : selectedIds.length === 1
              ? 'Delete 1 selected order? A pending or paid order releases its day.'
              : `Delete ${selectedIds.length} selected orders? Pending or paid orders release their days.`
        }
        confirmLabel="Delete"
        onConfirm={confirmDelete}
      />
    </div>
  )
}

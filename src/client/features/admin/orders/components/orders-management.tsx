import { ArrowDown, ArrowUp, ArrowUpDown, Download, RefreshCw, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Button, buttonVariants } from '#client/components/ui/button.tsx'
import { Checkbox } from '#client/components/ui/checkbox.tsx'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { Table, TableBody, TableHead, TableHeader, TableRow } from '#client/components/ui/table.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { ConfirmDialog } from '#client/features/admin/components/confirm-dialog.tsx'
import { STACKED_HEADER, STACKED_TABLE } from '#client/features/admin/components/stacked-table.ts'
import { useLoadErrorToast } from '#client/features/admin/hooks/use-load-error-toast.ts'
import type { CheckoutLineDto, CheckoutSort } from '#shared/admin-checkouts.ts'
import { agree, plural } from '#shared/plural.ts'
import { useBulkDeleteOrders } from '../api/bulk-delete-orders'
import { useBulkUpdateOrderStatus } from '../api/bulk-update-order-status'
import { useDeleteOrder } from '../api/delete-order'
import {
  type CheckoutsView,
  DEFAULT_CHECKOUTS_VIEW,
  type OrderFilters,
  ordersExportUrl,
  useAdminCheckouts,
} from '../api/get-admin-checkouts'
import {
  SETTABLE_ORDER_STATUSES,
  type SettableOrderStatus,
  useUpdateOrderStatus,
} from '../api/update-order-status'
import { orderErrorDescription } from '../order-display'
import { CheckoutDrawer } from './checkout-drawer'
import { actionableIds, CheckoutRow } from './checkout-row'
import { OrdersFilterPopover } from './orders-filter-popover'

const LOAD_ERROR = 'Failed to load orders. Please try again.'
const PAGE_SIZES = [25, 50, 100]

function noneSelected() {
  toast({
    variant: 'destructive',
    title: 'No Orders Selected',
    description: 'Please select at least one order.',
  })
}

function SortableHead({
  label,
  sort,
  view,
  onSort,
}: {
  label: string
  sort: CheckoutSort
  view: CheckoutsView
  onSort: (sort: CheckoutSort) => void
}) {
  const active = view.sort === sort
  const Icon = !active ? ArrowUpDown : view.dir === 'asc' ? ArrowUp : ArrowDown
  return (
    <TableHead aria-sort={active ? (view.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button
        type="button"
        className="-mx-1 inline-flex items-center gap-1 rounded px-1 font-semibold hover:bg-slate-200 focus-visible:ring-2 focus-visible:ring-blue-700 focus-visible:outline-none"
        onClick={() => onSort(sort)}
      >
        {label}
        <Icon aria-hidden="true" className="size-4" />
      </button>
    </TableHead>
  )
}

/**
 * Orders, by checkout: filters, refresh, CSV export, bulk actions, a page of
 * checkouts sorted on the server with each one's lines a click away, and the detail drawer.
 */
/** The checkout named by ?checkout= in the address, if any. */
function linkedCheckout(): string | null {
  return new URLSearchParams(window.location.search).get('checkout')
}

/** Once its drawer is closed, a reload should not open it again. */
function forgetLinkedCheckout() {
  const url = new URL(window.location.href)
  if (!url.searchParams.has('checkout')) return
  url.searchParams.delete('checkout')
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`)
}

export function OrdersManagement() {
  const [view, setView] = useState<CheckoutsView>(DEFAULT_CHECKOUTS_VIEW)
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [expanded, setExpanded] = useState<Set<string>>(new Set())
  // The e-mail log links an e-mail to its order as /admin/orders?checkout={key}: that checkout's drawer opens.
  const [drawerKey, setDrawerKey] = useState<string | null>(linkedCheckout)
  const [bulkStatus, setBulkStatus] = useState<SettableOrderStatus>('paid')
  const [confirm, setConfirm] = useState<{ kind: 'one'; line: CheckoutLineDto } | { kind: 'bulk' } | null>(
    null,
  )
  const { data, isPending, isError, isFetching, refetch } = useAdminCheckouts(view)
  useLoadErrorToast(isError, LOAD_ERROR)
  const updateStatus = useUpdateOrderStatus()
  const bulkUpdate = useBulkUpdateOrderStatus()
  const deleteOne = useDeleteOrder()
  const bulkDelete = useBulkDeleteOrders()

  const checkouts = data?.checkouts ?? []
  const pageCount = Math.max(1, Math.ceil((data?.total ?? 0) / view.pageSize))
  const onScreen = checkouts.flatMap(actionableIds)
  // Only lines still on screen count as selected (a filter, a page change or a delete may have removed some).
  const selectedIds = onScreen.filter((id) => selected.has(id))
  const allChecked = onScreen.length > 0 && selectedIds.length === onScreen.length
  const headerChecked = allChecked ? true : selectedIds.length > 0 ? 'indeterminate' : false

  function selectLines(ids: string[], on: boolean) {
    setSelected((current) => {
      const next = new Set(current)
      for (const id of ids) {
        if (on) next.add(id)
        else next.delete(id)
      }
      return next
    })
  }

  function toggleExpanded(key: string) {
    setExpanded((current) => {
      const next = new Set(current)
      if (next.has(key)) next.delete(key)
      else next.add(key)
      return next
    })
  }

  function applyFilters(filters: OrderFilters) {
    setView((v) => ({ ...v, filters, page: 1 }))
  }

  // A new column sorts newest / largest / latest first; the same column again flips the direction.
  function sortBy(sort: CheckoutSort) {
    setView((v) => ({
      ...v,
      sort,
      dir: v.sort === sort ? (v.dir === 'asc' ? 'desc' : 'asc') : 'desc',
      page: 1,
    }))
  }

  function changeStatus(line: CheckoutLineDto, status: SettableOrderStatus) {
    updateStatus.mutate(
      { id: line.id, status },
      {
        onSuccess: () => toast({ title: 'Order Updated', description: `Order ${line.id} is now ${status}.` }),
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
      const { line } = confirm
      deleteOne.mutate(line.id, {
        onSuccess: () => toast({ title: 'Order Deleted', description: `Order ${line.id} has been deleted.` }),
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
        <OrdersFilterPopover filters={view.filters} onApply={applyFilters} />
        <Button variant="outline" onClick={() => void refetch()} disabled={isFetching}>
          <RefreshCw aria-hidden="true" className={isFetching ? 'animate-spin' : undefined} />
          Refresh
        </Button>
        <a className={buttonVariants({ variant: 'outline' })} href={ordersExportUrl(view.filters)} download>
          <Download aria-hidden="true" />
          Export CSV
        </a>
      </div>
      {/* The bulk actions appear with a selection: with none they could only answer "No Orders Selected". */}
      {selectedIds.length > 0 ? (
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
      ) : null}
      {isPending ? (
        <Spinner label="Loading orders..." />
      ) : isError && !data ? (
        <p className="rounded-md border border-red-200 bg-red-50 p-4 text-red-900">{LOAD_ERROR}</p>
      ) : checkouts.length === 0 ? (
        <p className="rounded-md border border-slate-200 p-6 text-center text-slate-700">No orders found.</p>
      ) : (
        <Table label="Orders" className={STACKED_TABLE}>
          <TableHeader className={STACKED_HEADER}>
            <TableRow>
              <TableHead className="w-10">
                <Checkbox
                  checked={headerChecked}
                  onCheckedChange={(checked) => selectLines(onScreen, checked === true)}
                  aria-label="Select all orders"
                />
              </TableHead>
              <TableHead>Lines</TableHead>
              <TableHead>Business Name</TableHead>
              <TableHead>Email</TableHead>
              <SortableHead label="Created At" sort="created" view={view} onSort={sortBy} />
              <SortableHead label="Ad Date" sort="adDate" view={view} onSort={sortBy} />
              <SortableHead label="Amount" sort="amount" view={view} onSort={sortBy} />
              <TableHead>Status</TableHead>
              <TableHead>Source</TableHead>
              <TableHead>Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {checkouts.map((checkout) => (
              <CheckoutRow
                key={checkout.key}
                checkout={checkout}
                selected={selected}
                isExpanded={expanded.has(checkout.key)}
                onSelectLines={selectLines}
                onToggleLines={() => toggleExpanded(checkout.key)}
                onOpenDetails={() => setDrawerKey(checkout.key)}
                onStatusChange={changeStatus}
                onDelete={(line) => setConfirm({ kind: 'one', line })}
              />
            ))}
          </TableBody>
        </Table>
      )}
      {data && data.total > 0 ? (
        <nav aria-label="Orders pages" className="flex flex-wrap items-center justify-between gap-3 text-sm">
          <p aria-live="polite">
            {plural(data.total, 'checkout')} · Page {view.page} of {pageCount}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor="orders-page-size" className="text-slate-700">
              Rows per page
            </label>
            <Select
              value={String(view.pageSize)}
              onValueChange={(value) => setView((v) => ({ ...v, pageSize: Number(value), page: 1 }))}
            >
              <SelectTrigger id="orders-page-size" className="h-9 w-20">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {PAGE_SIZES.map((size) => (
                  <SelectItem key={size} value={String(size)}>
                    {size}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Button
              variant="outline"
              size="sm"
              disabled={view.page <= 1}
              onClick={() => setView((v) => ({ ...v, page: v.page - 1 }))}
            >
              Previous
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={view.page >= pageCount}
              onClick={() => setView((v) => ({ ...v, page: v.page + 1 }))}
            >
              Next
            </Button>
          </div>
        </nav>
      ) : null}
      <CheckoutDrawer
        checkoutKey={drawerKey}
        onClose={() => {
          setDrawerKey(null)
          forgetLinkedCheckout()
        }}
      />
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={confirm?.kind === 'bulk' ? 'Delete Selected Orders' : 'Delete Order'}
        description={
          confirm?.kind === 'one'
            ? `Delete order ${confirm.line.id}? A pending or paid order releases its day.`
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

import { ChevronDown, ChevronRight, PanelRightOpen, Trash2 } from 'lucide-react'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Checkbox } from '#client/components/ui/checkbox.tsx'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select.tsx'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#client/components/ui/table.tsx'
import {
  STACKED_CELL,
  STACKED_HEADER,
  STACKED_ROW,
  STACKED_TABLE,
} from '#client/features/admin/components/stacked-table.ts'
import { TruncatedText } from '#client/features/admin/components/truncated-text.tsx'
import { cn } from '#client/lib/cn.ts'
import type { CheckoutLineDto, CheckoutRowDto } from '#shared/admin-checkouts.ts'
import { ARTWORK_STATE_LABELS } from '#shared/artwork.ts'
import { formatPrice } from '#shared/format.ts'
import { SETTABLE_ORDER_STATUSES, type SettableOrderStatus } from '../api/update-order-status'
import { formatTimestamp, orderSubject, orderTypeLabel } from '../order-display'

export const STATUS_VARIANT: Record<string, 'success' | 'warning' | 'secondary' | 'destructive'> = {
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
export function lineStatusLabel(line: Pick<CheckoutLineDto, 'status' | 'refund'>): string {
  return line.refund === 'pending' ? 'refund pending' : line.status
}

export function StatusBadge({ line }: { line: Pick<CheckoutLineDto, 'status' | 'refund'> }) {
  return (
    <Badge variant={line.refund === 'pending' ? 'warning' : (STATUS_VARIANT[line.status] ?? 'secondary')}>
      {lineStatusLabel(line)}
    </Badge>
  )
}

/** "2 paid · 1 refunded": every line's status, counted. */
export function statusSummary(checkout: Pick<CheckoutRowDto, 'statuses'>): string {
  return checkout.statuses.map((s) => (s.count === 1 ? s.status : `${s.count} ${s.status}`)).join(' · ')
}

/** The checkout's first day (its ad date), if it bought any. */
export function checkoutAdDate(checkout: Pick<CheckoutRowDto, 'lines'>): string | null {
  const dates = checkout.lines.flatMap((l) => (l.type === 'calendar_day' && l.date ? [l.date] : []))
  return dates.sort()[0] ?? null
}

export const CHECKOUT_COLUMN_COUNT = 10

/** Line ids an action can still act on (a deleted line can no longer be changed). */
export const actionableIds = (checkout: CheckoutRowDto) =>
  checkout.lines.filter((l) => l.status !== 'deleted').map((l) => l.id)

export function CheckoutRow({
  checkout,
  selected,
  isExpanded,
  onSelectLines,
  onToggleLines,
  onOpenDetails,
  onStatusChange,
  onDelete,
}: {
  checkout: CheckoutRowDto
  selected: Set<string>
  isExpanded: boolean
  onSelectLines: (ids: string[], selected: boolean) => void
  onToggleLines: () => void
  onOpenDetails: () => void
  onStatusChange: (line: CheckoutLineDto, status: SettableOrderStatus) => void
  onDelete: (line: CheckoutLineDto) => void
}) {
  const ids = actionableIds(checkout)
  const chosen = ids.filter((id) => selected.has(id)).length
  const checked = ids.length > 0 && chosen === ids.length ? true : chosen > 0 ? 'indeterminate' : false
  const linesId = `checkout-lines-${checkout.key}`
  const adDate = checkoutAdDate(checkout)
  return (
    <>
      <TableRow
        data-state={checked === true ? 'selected' : undefined}
        className={cn('data-[state=selected]:bg-blue-50', STACKED_ROW)}
      >
        <TableCell data-label="Select" className={STACKED_CELL}>
          <Checkbox
            checked={checked}
            disabled={ids.length === 0}
            onCheckedChange={(value) => onSelectLines(ids, value === true)}
            aria-label={`Select checkout ${checkout.key}`}
          />
        </TableCell>
        <TableCell data-label="Lines" className={STACKED_CELL}>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Lines of checkout ${checkout.key}`}
            aria-expanded={isExpanded}
            aria-controls={isExpanded ? linesId : undefined}
            onClick={onToggleLines}
          >
            {isExpanded ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
            {checkout.lineCount}
          </Button>
        </TableCell>
        <TableCell data-label="Business Name" className={STACKED_CELL}>
          <span className="block font-medium">{checkout.businessName}</span>
          <span className="block max-w-56 truncate font-mono text-xs text-slate-700" title={checkout.key}>
            {checkout.key}
          </span>
        </TableCell>
        <TableCell data-label="Email" className={STACKED_CELL}>
          <TruncatedText text={checkout.email} className="max-w-56" />
        </TableCell>
        <TableCell data-label="Created At" className={cn('whitespace-nowrap', STACKED_CELL)}>
          {formatTimestamp(checkout.createdAt)}
        </TableCell>
        <TableCell data-label="Ad Date" className={cn('whitespace-nowrap', STACKED_CELL)}>
          {adDate ?? '—'}
        </TableCell>
        <TableCell data-label="Amount" className={STACKED_CELL}>
          {formatPrice(checkout.total)}
        </TableCell>
        <TableCell data-label="Status" className={STACKED_CELL}>
          {statusSummary(checkout)}
        </TableCell>
        <TableCell data-label="Source" className={STACKED_CELL}>
          {checkout.source}
        </TableCell>
        <TableCell data-label="Actions" className={STACKED_CELL}>
          <Button
            variant="outline"
            size="sm"
            onClick={onOpenDetails}
            aria-label={`Details of checkout ${checkout.key}`}
          >
            <PanelRightOpen aria-hidden="true" />
            Details
          </Button>
        </TableCell>
      </TableRow>
      {isExpanded ? (
        <TableRow id={linesId} className={cn('bg-slate-50', STACKED_ROW)}>
          <TableCell colSpan={CHECKOUT_COLUMN_COUNT} className="max-md:block">
            <CheckoutLines
              checkout={checkout}
              selected={selected}
              onSelectLines={onSelectLines}
              onStatusChange={onStatusChange}
              onDelete={onDelete}
            />
          </TableCell>
        </TableRow>
      ) : null}
    </>
  )
}

function CheckoutLines({
  checkout,
  selected,
  onSelectLines,
  onStatusChange,
  onDelete,
}: {
  checkout: CheckoutRowDto
  selected: Set<string>
  onSelectLines: (ids: string[], selected: boolean) => void
  onStatusChange: (line: CheckoutLineDto, status: SettableOrderStatus) => void
  onDelete: (line: CheckoutLineDto) => void
}) {
  return (
    <Table label={`Lines of checkout ${checkout.key}`} className={STACKED_TABLE}>
      <TableHeader className={STACKED_HEADER}>
        <TableRow>
          <TableHead className="w-10">
            <span className="sr-only">Select</span>
          </TableHead>
          <TableHead>Order ID</TableHead>
          <TableHead>Type</TableHead>
          <TableHead>Date/Icon</TableHead>
          <TableHead>Amount</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Artwork</TableHead>
          <TableHead>Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {checkout.lines.map((line) => {
          const isDeleted = line.status === 'deleted'
          return (
            <TableRow key={line.id} className={STACKED_ROW}>
              <TableCell data-label="Select" className={STACKED_CELL}>
                {isDeleted ? null : (
                  <Checkbox
                    checked={selected.has(line.id)}
                    onCheckedChange={(value) => onSelectLines([line.id], value === true)}
                    aria-label={`Select order ${line.id}`}
                  />
                )}
              </TableCell>
              <TableCell data-label="Order ID" className={cn('font-mono whitespace-nowrap', STACKED_CELL)}>
                {line.id}
              </TableCell>
              <TableCell data-label="Type" className={cn('whitespace-nowrap', STACKED_CELL)}>
                {orderTypeLabel(line.type)}
              </TableCell>
              <TableCell data-label="Date/Icon" className={cn('min-w-40', STACKED_CELL)}>
                {orderSubject(line)}
              </TableCell>
              <TableCell data-label="Amount" className={STACKED_CELL}>
                {formatPrice(line.amount)}
              </TableCell>
              <TableCell data-label="Status" className={STACKED_CELL}>
                <StatusBadge line={line} />
              </TableCell>
              <TableCell data-label="Artwork" className={STACKED_CELL}>
                {line.artwork ? ARTWORK_STATE_LABELS[line.artwork] : '—'}
              </TableCell>
              <TableCell data-label="Actions" className={STACKED_CELL}>
                {isDeleted ? null : (
                  <div className="flex flex-wrap items-center gap-1">
                    <Select
                      value={
                        SETTABLE_ORDER_STATUSES.includes(line.status as SettableOrderStatus)
                          ? line.status
                          : undefined
                      }
                      onValueChange={(value) => onStatusChange(line, value as SettableOrderStatus)}
                    >
                      <SelectTrigger className="h-9 w-32" aria-label={`Status of order ${line.id}`}>
                        <SelectValue placeholder={line.status} />
                      </SelectTrigger>
                      <SelectContent>
                        {SETTABLE_ORDER_STATUSES.map((status) => (
                          <SelectItem key={status} value={status}>
                            {status}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="text-red-700"
                      aria-label={`Delete order ${line.id}`}
                      onClick={() => onDelete(line)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                )}
              </TableCell>
            </TableRow>
          )
        })}
      </TableBody>
    </Table>
  )
}

import { ChevronDown, DollarSign, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { ConfirmDialog } from '#client/features/admin/components/confirm-dialog.tsx'
import { errorDescription } from '#client/features/admin/hooks/error-message.ts'
import type { AdminCalendarDayDto, HeldDayDto } from '#shared/admin-dto.ts'
import { skippedDaysText } from '#shared/calendar-admin.ts'
import { formatUsd, formatUsdCents } from '#shared/format.ts'
import { plural } from '#shared/plural.ts'
import { useBulkDeleteDays } from '../api/bulk-delete-days'
import { useBulkUpdatePrice } from '../api/bulk-update-price'

/** The bulk price defaults to 120 with a minimum of 1. */
export const DEFAULT_BULK_PRICE = 120

const priceText = (price: number) => (Number.isInteger(price) ? formatUsd(price) : formatUsdCents(price))
/** The success line, then which days an order kept unchanged. */
const withSkipped = (done: string, skipped: HeldDayDto[]) =>
  skipped.length > 0 ? `${done} ${skippedDaysText(skipped)}` : done

/**
 * Bulk actions over exactly the days in view (the filters included); the
 * confirmation says how many. The server leaves days a pending or paid order holds unchanged.
 */
export function CalendarBulkActions({ days }: { days: AdminCalendarDayDto[] }) {
  const [dialog, setDialog] = useState<'price' | 'delete' | null>(null)
  const [price, setPrice] = useState(String(DEFAULT_BULK_PRICE))
  const bulkPrice = useBulkUpdatePrice()
  const bulkDelete = useBulkDeleteDays()
  const ids = days.map((d) => d.id)
  const priceValue = Number(price)
  const isPriceValid = price.trim() !== '' && Number.isFinite(priceValue) && priceValue >= 1

  function applyPrice() {
    if (ids.length === 0 || !isPriceValid) return
    bulkPrice.mutate(
      { ids, price: priceValue },
      {
        onSuccess: ({ updated, skipped }) =>
          toast({
            title: 'Prices Updated',
            description: withSkipped(`Updated the price of ${plural(updated, 'day')}.`, skipped),
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Bulk Update Failed',
            description: errorDescription(error, 'Failed to update the prices. Please try again.'),
          }),
      },
    )
  }

  function deleteAll() {
    if (ids.length === 0) return
    bulkDelete.mutate(
      { ids },
      {
        onSuccess: ({ deleted, skipped }) =>
          toast({
            title: 'Days Deleted',
            description: withSkipped(`Deleted ${plural(deleted, 'day')}.`, skipped),
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Bulk Delete Failed',
            description: errorDescription(error, 'Failed to delete the days. Please try again.'),
          }),
      },
    )
  }

  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            variant="outline"
            disabled={ids.length === 0 || bulkPrice.isPending || bulkDelete.isPending}
          >
            Bulk Actions
            <ChevronDown aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem
            onSelect={() => {
              setPrice(String(DEFAULT_BULK_PRICE))
              setDialog('price')
            }}
          >
            <DollarSign aria-hidden="true" />
            Set Price for All Days
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDialog('delete')} className="text-red-800">
            <Trash2 aria-hidden="true" />
            Delete All Days
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={dialog === 'price'}
        onOpenChange={(open) => setDialog(open ? 'price' : null)}
        title="Set Price for All Days"
        description={`Set the price of ${plural(ids.length, 'day')} shown${isPriceValid ? ` to ${priceText(priceValue)}` : ''}? Days sold or held by an order keep their price.`}
        confirmLabel="Update Prices"
        confirmDisabled={!isPriceValid}
        onConfirm={applyPrice}
      >
        <div className="space-y-2">
          <Label htmlFor="bulk-price">New Price</Label>
          <Input
            id="bulk-price"
            type="number"
            min={1}
            step="0.01"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
          />
        </div>
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={(open) => setDialog(open ? 'delete' : null)}
        title="Delete All Days"
        description={`Delete ${plural(ids.length, 'day')} shown? Days sold or held by an order are kept. This cannot be undone.`}
        confirmLabel="Delete All"
        onConfirm={deleteAll}
      />
    </>
  )
}

import { ChevronDown, DollarSign, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { formatDayDate } from '../../../../../shared/format'
import { Button } from '../../../../components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../../components/ui/dropdown-menu'
import { Input } from '../../../../components/ui/input'
import { Label } from '../../../../components/ui/label'
import { toast } from '../../../../components/ui/use-toast'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { errorDescription } from '../../hooks/error-message'
import { useBulkDeleteDays } from '../api/bulk-delete-days'
import { useBulkUpdatePrice } from '../api/bulk-update-price'

/** Spec section 9: the bulk price defaults to 120 with a minimum of 1. */
export const DEFAULT_BULK_PRICE = 120

/** Spec section 2: bulk actions over every day in view, from its earliest to its latest date. */
export function CalendarBulkActions({ range }: { range: { startDate: string; endDate: string } | null }) {
  const [dialog, setDialog] = useState<'price' | 'delete' | null>(null)
  const [price, setPrice] = useState(String(DEFAULT_BULK_PRICE))
  const bulkPrice = useBulkUpdatePrice()
  const bulkDelete = useBulkDeleteDays()
  const rangeText = range ? `${formatDayDate(range.startDate)} to ${formatDayDate(range.endDate)}` : ''
  const priceValue = Number(price)
  const isPriceValid = price.trim() !== '' && Number.isFinite(priceValue) && priceValue >= 1

  function applyPrice() {
    if (!range || !isPriceValid) return
    bulkPrice.mutate(
      { ...range, price: priceValue },
      {
        onSuccess: ({ updated }) =>
          toast({ title: 'Prices Updated', description: `Updated the price of ${updated} days.` }),
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
    if (!range) return
    bulkDelete.mutate(range, {
      onSuccess: ({ deleted }) => toast({ title: 'Days Deleted', description: `Deleted ${deleted} days.` }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Bulk Delete Failed',
          description: errorDescription(error, 'Failed to delete the days. Please try again.'),
        }),
    })
  }

  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" disabled={!range || bulkPrice.isPending || bulkDelete.isPending}>
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
        description={`Every day from ${rangeText} will get this price.`}
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
        description={`Every day from ${rangeText} will be deleted. This cannot be undone.`}
        confirmLabel="Delete All"
        onConfirm={deleteAll}
      />
    </>
  )
}

import { SlidersHorizontal } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Button } from '../../../../components/ui/button'
import { FormField } from '../../../../components/ui/form-field'
import { Label } from '../../../../components/ui/label'
import { Popover, PopoverContent, PopoverTrigger } from '../../../../components/ui/popover'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../../../components/ui/select'
import { EMPTY_ORDER_FILTERS, type OrderFilters } from '../api/get-admin-orders'

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  { value: 'pending', label: 'pending' },
  { value: 'paid', label: 'paid' },
  { value: 'refunded', label: 'refunded' },
  { value: 'expired', label: 'expired' },
  { value: 'deleted', label: 'deleted' },
]

function activeCount(filters: OrderFilters): number {
  return [
    filters.status !== 'all',
    filters.businessName.trim(),
    filters.createdFrom,
    filters.createdTo,
  ].filter(Boolean).length
}

/** Spec section 2: the orders' advanced filter popover (status, business name contains, created from/to). */
export function OrdersFilterPopover({
  filters,
  onApply,
}: {
  filters: OrderFilters
  onApply: (filters: OrderFilters) => void
}) {
  const [open, setOpen] = useState(false)
  const [draft, setDraft] = useState(filters)
  const count = activeCount(filters)

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    onApply(draft)
    setOpen(false)
  }

  // Reset means "show every order again" (issue 11): clearing only the form left the table filtered.
  function reset() {
    setDraft(EMPTY_ORDER_FILTERS)
    onApply(EMPTY_ORDER_FILTERS)
    setOpen(false)
  }

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        if (next) setDraft(filters)
        setOpen(next)
      }}
    >
      <PopoverTrigger asChild>
        <Button variant="outline">
          <SlidersHorizontal aria-hidden="true" />
          Advanced Filters{count > 0 ? ` (${count})` : ''}
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label="Order filters">
        <form className="space-y-3" onSubmit={handleSubmit}>
          <div className="space-y-1.5">
            <Label htmlFor="orders-filter-status">Status</Label>
            <Select value={draft.status} onValueChange={(status) => setDraft({ ...draft, status })}>
              <SelectTrigger id="orders-filter-status">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {STATUS_OPTIONS.map((o) => (
                  <SelectItem key={o.value} value={o.value}>
                    {o.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <FormField
            label="Business Name Contains"
            value={draft.businessName}
            onChange={(e) => setDraft({ ...draft, businessName: e.target.value })}
          />
          <div className="grid grid-cols-2 gap-2">
            <FormField
              label="Created From"
              type="date"
              value={draft.createdFrom}
              onChange={(e) => setDraft({ ...draft, createdFrom: e.target.value })}
            />
            <FormField
              label="Created To"
              type="date"
              value={draft.createdTo}
              onChange={(e) => setDraft({ ...draft, createdTo: e.target.value })}
            />
          </div>
          <div className="flex gap-2 pt-1">
            <Button type="submit" size="sm">
              Apply Filters
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={reset}>
              Reset
            </Button>
          </div>
        </form>
      </PopoverContent>
    </Popover>
  )
}

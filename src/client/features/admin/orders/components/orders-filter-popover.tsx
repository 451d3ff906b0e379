import { SlidersHorizontal } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { FormField } from '#client/components/ui/form-field.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Popover, PopoverContent, PopoverTrigger } from '#client/components/ui/popover.tsx'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select.tsx'
import { EMPTY_ORDER_FILTERS, type OrderFilters } from '../api/get-admin-checkouts'

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  { value: 'pending', label: 'pending' },
  { value: 'paid', label: 'paid' },
  { value: 'refunded', label: 'refunded' },
  { value: 'expired', label: 'expired' },
  { value: 'deleted', label: 'deleted' },
]

const TYPE_OPTIONS = [
  { value: 'all', label: 'All types' },
  { value: 'calendar_day', label: 'Calendar Day' },
  { value: 'map_icon', label: 'Map Icon' },
  { value: 'special_purchase', label: 'Special Purchase' },
]

function activeCount(filters: OrderFilters): number {
  return [
    filters.status !== 'all',
    filters.businessName.trim(),
    filters.createdFrom,
    filters.createdTo,
    filters.maxPrice.trim(),
    filters.type !== 'all',
    filters.mailingMonth,
    filters.email.trim(),
  ].filter(Boolean).length
}

/**
 * The orders' advanced filter popover (status, business name contains, created from/to, max price, type,
 * mailing month and e-mail contains). A checkout is shown when any of its lines
 * matches; max price is the checkout's total.
 */
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

  // Reset means "show every order again": clearing only the form left the table filtered.
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
          <div className="space-y-1.5">
            <Label htmlFor="orders-filter-type">Type</Label>
            <Select value={draft.type} onValueChange={(type) => setDraft({ ...draft, type })}>
              <SelectTrigger id="orders-filter-type">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {TYPE_OPTIONS.map((o) => (
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
          <FormField
            label="Email Contains"
            value={draft.email}
            onChange={(e) => setDraft({ ...draft, email: e.target.value })}
          />
          <div className="grid grid-cols-2 gap-2">
            <FormField
              label="Mailing Month"
              type="month"
              placeholder="YYYY-MM"
              value={draft.mailingMonth}
              onChange={(e) => setDraft({ ...draft, mailingMonth: e.target.value })}
            />
            <FormField
              label="Max Price"
              type="number"
              min={0}
              step="0.01"
              inputMode="decimal"
              value={draft.maxPrice}
              onChange={(e) => setDraft({ ...draft, maxPrice: e.target.value })}
            />
          </div>
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

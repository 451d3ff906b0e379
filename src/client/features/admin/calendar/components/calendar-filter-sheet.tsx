import { Filter } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { FormField } from '#client/components/ui/form-field.tsx'
import { Label } from '#client/components/ui/label.tsx'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select.tsx'
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from '#client/components/ui/sheet.tsx'

export type CalendarFilters = { startDate: string; endDate: string; status: string; maxPrice: number }

export const EMPTY_CALENDAR_FILTERS: CalendarFilters = {
  startDate: '',
  endDate: '',
  status: 'all',
  maxPrice: 0,
}

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  { value: 'available', label: 'available' },
  { value: 'reserved', label: 'reserved' },
  { value: 'reserved_pending', label: 'reserved_pending' },
]

export function countActiveFilters(filters: CalendarFilters): number {
  return [filters.startDate, filters.endDate, filters.status !== 'all', filters.maxPrice > 0].filter(Boolean)
    .length
}

/** The calendar's filter side sheet ('all' = no status; max price only when > 0). */
export function CalendarFilterSheet({
  filters,
  onApply,
}: {
  filters: CalendarFilters
  onApply: (filters: CalendarFilters) => void
}) {
  const [open, setOpen] = useState(false)
  const [draft, setDraft] = useState(filters)
  const active = countActiveFilters(filters)

  function handleOpenChange(next: boolean) {
    if (next) setDraft(filters)
    setOpen(next)
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    onApply(draft)
    setOpen(false)
  }

  // Reset means "show everything again": clearing only the form left the table filtered.
  function reset() {
    setDraft(EMPTY_CALENDAR_FILTERS)
    onApply(EMPTY_CALENDAR_FILTERS)
    setOpen(false)
  }

  return (
    <Sheet open={open} onOpenChange={handleOpenChange}>
      <SheetTrigger asChild>
        <Button variant="outline">
          <Filter aria-hidden="true" />
          Filters{active > 0 ? ` (${active})` : ''}
        </Button>
      </SheetTrigger>
      <SheetContent>
        <SheetHeader>
          <SheetTitle>Filter Calendar Days</SheetTitle>
          <SheetDescription>Narrow the days shown in the table.</SheetDescription>
        </SheetHeader>
        <form className="space-y-4" onSubmit={handleSubmit}>
          <FormField
            label="Start Date"
            type="date"
            value={draft.startDate}
            onChange={(e) => setDraft({ ...draft, startDate: e.target.value })}
          />
          <FormField
            label="End Date"
            type="date"
            value={draft.endDate}
            onChange={(e) => setDraft({ ...draft, endDate: e.target.value })}
          />
          <div className="space-y-2">
            <Label htmlFor="calendar-filter-status">Status</Label>
            <Select value={draft.status} onValueChange={(status) => setDraft({ ...draft, status })}>
              <SelectTrigger id="calendar-filter-status">
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
            label="Max Price"
            type="number"
            min={0}
            step="0.01"
            value={draft.maxPrice > 0 ? draft.maxPrice : ''}
            placeholder="Any price"
            onChange={(e) => setDraft({ ...draft, maxPrice: Number(e.target.value) || 0 })}
          />
          <div className="flex flex-wrap gap-2 pt-2">
            <Button type="submit">Apply Filters</Button>
            <Button type="button" variant="outline" onClick={reset}>
              Reset
            </Button>
            <SheetClose asChild>
              <Button type="button" variant="ghost">
                Cancel
              </Button>
            </SheetClose>
          </div>
        </form>
      </SheetContent>
    </Sheet>
  )
}

import * as SelectPrimitive from '@radix-ui/react-select'
import { Check, ChevronDown, ChevronLeft, ChevronRight } from 'lucide-react'
import {
  adminMonthOptions,
  formatYearMonth,
  parseYearMonthKey,
  publicMonthOptions,
  type YearMonth,
  yearMonthKey,
} from '../../shared/calendar-months'
import { cn } from '../lib/cn'
import { Button } from './ui/button'

export type MonthSelectorProps = {
  /** admin: every month 2023 → current year + 2, prev/next always on; public: available months only. */
  mode: 'admin' | 'public'
  value: YearMonth | null
  onChange: (month: YearMonth) => void
  /** Public mode only: the months with available days. */
  availableMonths?: YearMonth[]
  isDisabled?: boolean
  className?: string
}

/** Reusable month selector of spec sections 2 and 4: previous/next buttons around a month dropdown. */
export function MonthSelector({
  mode,
  value,
  onChange,
  availableMonths = [],
  isDisabled = false,
  className,
}: MonthSelectorProps) {
  const now = new Date()
  const reference = value ?? { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 }
  const { options, previous, next } =
    mode === 'admin' ? adminMonthOptions(reference, now) : publicMonthOptions(reference, availableMonths, now)

  function select(key: string) {
    const month = parseYearMonthKey(key)
    if (month) onChange(month)
  }

  return (
    <div className={cn('flex items-center gap-2', className)}>
      <Button
        variant="outline"
        size="icon"
        aria-label="Previous month"
        disabled={isDisabled || !previous}
        onClick={() => previous && onChange(previous)}
      >
        <ChevronLeft aria-hidden="true" />
      </Button>
      <SelectPrimitive.Root
        value={value ? yearMonthKey(value) : ''}
        onValueChange={select}
        disabled={isDisabled}
      >
        <SelectPrimitive.Trigger
          aria-label="Month"
          className="inline-flex h-10 min-w-0 flex-1 items-center justify-between gap-2 rounded-md border border-slate-400 bg-white px-3 text-sm font-medium text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:opacity-60 data-[placeholder]:text-slate-600 sm:w-52 sm:flex-none"
        >
          <SelectPrimitive.Value placeholder="Select month">
            {value ? formatYearMonth(value) : undefined}
          </SelectPrimitive.Value>
          <SelectPrimitive.Icon>
            <ChevronDown className="size-4" aria-hidden="true" />
          </SelectPrimitive.Icon>
        </SelectPrimitive.Trigger>
        <SelectPrimitive.Portal>
          <SelectPrimitive.Content
            position="popper"
            sideOffset={4}
            className="z-50 max-h-[min(20rem,var(--radix-select-content-available-height))] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-md border border-slate-200 bg-white text-slate-900 shadow-md"
          >
            <SelectPrimitive.Viewport className="p-1">
              {options.map((month) => (
                <SelectPrimitive.Item
                  key={yearMonthKey(month)}
                  value={yearMonthKey(month)}
                  className="relative flex cursor-default items-center rounded-sm py-1.5 pr-2 pl-8 text-sm outline-none select-none data-[highlighted]:bg-slate-100"
                >
                  <SelectPrimitive.ItemIndicator className="absolute left-2 inline-flex items-center">
                    <Check className="size-4" aria-hidden="true" />
                  </SelectPrimitive.ItemIndicator>
                  <SelectPrimitive.ItemText>{formatYearMonth(month)}</SelectPrimitive.ItemText>
                </SelectPrimitive.Item>
              ))}
            </SelectPrimitive.Viewport>
          </SelectPrimitive.Content>
        </SelectPrimitive.Portal>
      </SelectPrimitive.Root>
      <Button
        variant="outline"
        size="icon"
        aria-label="Next month"
        disabled={isDisabled || !next}
        onClick={() => next && onChange(next)}
      >
        <ChevronRight aria-hidden="true" />
      </Button>
    </div>
  )
}

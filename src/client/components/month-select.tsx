import * as SelectPrimitive from '@radix-ui/react-select'
import { Check, ChevronDown } from 'lucide-react'
import { useLayoutEffect, useRef } from 'react'
import { formatYearMonth, type YearMonth, yearMonthKey } from '#shared/calendar-months.ts'
import { MONTH_TRIGGER_CLASS } from './month-trigger'

export type MonthSelectProps = {
  value: YearMonth | null
  options: YearMonth[]
  onSelect: (key: string) => void
  isDisabled: boolean
  /** The visitor already pressed the stand-in trigger: open at once and keep the focus here. */
  isOpenAtMount?: boolean
  isFocusedAtMount?: boolean
}

/** The Radix dropdown of the month selector; month-selector.tsx loads it on first intent. */
export function MonthSelect({
  value,
  options,
  onSelect,
  isDisabled,
  isOpenAtMount = false,
  isFocusedAtMount = false,
}: MonthSelectProps) {
  const trigger = useRef<HTMLButtonElement>(null)
  // The stand-in had the focus and went away with it; take it over unless the visitor moved on.
  useLayoutEffect(() => {
    if (isFocusedAtMount && (!document.activeElement || document.activeElement === document.body)) {
      trigger.current?.focus()
    }
  }, [isFocusedAtMount])

  return (
    <SelectPrimitive.Root
      value={value ? yearMonthKey(value) : ''}
      onValueChange={onSelect}
      disabled={isDisabled}
      defaultOpen={isOpenAtMount}
    >
      <SelectPrimitive.Trigger aria-label="Month" ref={trigger} className={MONTH_TRIGGER_CLASS}>
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
  )
}

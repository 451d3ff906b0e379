import type { ComponentProps } from 'react'
import { cn } from '#client/lib/cn.ts'

/**
 * A <label> that, like Radix Label (whose behaviour this copies without its Primitive/Slot layer, ~1.8 KB
 * gzip), does not select its text on a double click, unless the click is on a control inside it.
 */
export function Label({ className, onMouseDown, ...props }: ComponentProps<'label'>) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor or nest the control
    <label
      className={cn('text-sm font-medium text-slate-900', className)}
      onMouseDown={(event) => {
        if ((event.target as HTMLElement).closest('button, input, select, textarea')) return
        onMouseDown?.(event)
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault()
      }}
      {...props}
    />
  )
}

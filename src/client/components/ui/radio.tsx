import type { ComponentProps } from 'react'
import { cn } from '#client/lib/cn.ts'
import { notYetUsable, useHydrated } from '#client/lib/use-hydrated.ts'

/**
 * One option of a radio group, drawn as the site's checkbox is. A native radio input rather than Radix
 * Radio Group: radios of one `name` inside a <fieldset> are already a keyboard group (arrow keys move and
 * choose) named by its <legend>, with no script to load. The input lies transparent over its drawn circle,
 * so it takes the clicks and the focus. Pair each with a <Label htmlFor>.
 */
export function Radio({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const hydrated = useHydrated()
  return (
    <span className={cn('relative mt-0.5 inline-flex size-5 shrink-0', className)}>
      <input
        {...notYetUsable(hydrated)}
        type="radio"
        className="peer absolute inset-0 z-10 size-5 cursor-pointer opacity-0 disabled:cursor-not-allowed"
        {...props}
      />
      <span
        aria-hidden="true"
        className="size-5 rounded-full border border-slate-500 bg-white peer-checked:border-[6px] peer-checked:border-blue-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-700 peer-disabled:opacity-60"
      />
    </span>
  )
}

import type { ComponentProps } from 'react'
import { cn } from '#client/lib/cn.ts'
import { notYetUsable, useHydrated } from '#client/lib/use-hydrated.ts'

/**
 * One option of a radio group, styled as the site's checkbox. A native radio input rather than Radix Radio
 * Group: radios of one `name` inside a <fieldset> are already a keyboard group (arrow keys move and choose)
 * named by its <legend>, with no script to load. Pair each with a <Label htmlFor>.
 */
export function Radio({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const hydrated = useHydrated()
  return (
    <input
      {...notYetUsable(hydrated)}
      type="radio"
      className={cn(
        'peer mt-0.5 size-5 shrink-0 cursor-pointer appearance-none rounded-full border border-slate-500 bg-white checked:border-[6px] checked:border-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...props}
    />
  )
}

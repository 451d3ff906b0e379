import type { ComponentProps } from 'react'
import { cn } from '#client/lib/cn.ts'
import { notYetUsable, useHydrated } from '#client/lib/use-hydrated.ts'

export function Input({ className, ...props }: ComponentProps<'input'>) {
  const hydrated = useHydrated()
  return (
    <input
      {...notYetUsable(hydrated)}
      className={cn(
        'flex h-10 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:opacity-60 md:text-sm',
        className,
      )}
      {...props}
    />
  )
}

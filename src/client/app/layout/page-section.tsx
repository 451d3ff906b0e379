import type { ReactNode } from 'react'
import { cn } from '#client/lib/cn.ts'

/** The common page width and spacing; every page supplies its own single h1. */
export function PageContainer({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn('mx-auto max-w-5xl px-4 py-10', className)}>{children}</div>
}

export function PageTitle({ children, className }: { children: ReactNode; className?: string }) {
  return <h1 className={cn('text-4xl text-slate-900 md:text-5xl', className)}>{children}</h1>
}

export function SectionTitle({
  children,
  className,
  id,
}: {
  children: ReactNode
  className?: string
  id?: string
}) {
  return (
    <h2 id={id} className={cn('text-2xl text-slate-900 md:text-3xl', className)}>
      {children}
    </h2>
  )
}

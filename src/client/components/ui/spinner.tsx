import { Loader2 } from 'lucide-react'
import { cn } from '#client/lib/cn.ts'

/** A spinner that screen readers announce with its label. */
export function Spinner({ label = 'Loading...', className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      className={cn('flex items-center justify-center gap-2 py-12 text-slate-700', className)}
    >
      <Loader2 className="size-8 animate-spin" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  )
}

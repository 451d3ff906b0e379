import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Button } from '#client/components/ui/button.tsx'

const count = new Intl.NumberFormat('en-US')

/**
 * 'Showing 26–50 of 1,312 (page 2 of 53)' with Previous / Next, for a list paged on the server. The text is
 * a polite live region, so a screen reader hears where a Previous or Next click landed.
 */
export function Pager({
  label,
  page,
  pageSize,
  total,
  onPage,
}: {
  label: string
  page: number
  pageSize: number
  total: number
  onPage: (page: number) => void
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize))
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1
  const last = Math.min(total, page * pageSize)
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <p className="text-slate-700" aria-live="polite">
        Showing {count.format(first)}–{count.format(last)} of {count.format(total)} (page{' '}
        {count.format(Math.min(page, pages))} of {count.format(pages)})
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  )
}

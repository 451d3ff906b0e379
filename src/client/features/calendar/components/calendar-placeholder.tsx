import { Spinner } from '#client/components/ui/spinner.tsx'

/**
 * CalendarSection while its code loads (home, /5k-example): the month selector's row (h-10,
 * its buttons' height) and the loading grid, the same size as the section's own loading state (keep
 * the spinner in step with calendar-section.tsx's).
 */
export function CalendarPlaceholder() {
  return (
    <div className="space-y-4">
      <div className="h-10" />
      <Spinner label="Loading calendar..." className="min-h-[23rem] sm:min-h-[28rem]" />
    </div>
  )
}

import { Spinner } from '#client/components/ui/spinner.tsx'
import { useCalendarExample } from '../api/get-calendar-example'

/** The newest calendar_example image, or a neutral note while none is uploaded. */
export function CalendarExample() {
  const example = useCalendarExample()
  if (example.isPending) return <Spinner label="Loading example..." />
  if (!example.data) {
    return <p className="py-6 text-center text-slate-700">Calendar example coming soon! Check back later.</p>
  }
  return (
    <img
      src={example.data.url}
      alt={example.data.title || 'Example of a printed calendar page'}
      className="mx-auto h-auto max-w-full rounded-md border border-slate-200"
      loading="lazy"
    />
  )
}

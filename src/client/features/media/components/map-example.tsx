import { MapPinned } from 'lucide-react'
import { useMapExample } from '../api/get-media'
import { MapExampleSpinner } from './map-example-spinner'

/** The newest map example image, kept fresh every 30 seconds, or the empty text. */
export function MapExample() {
  const { data, isPending, isError } = useMapExample()
  const latest = data?.items[0]

  if (isPending) return <MapExampleSpinner />
  if (isError || !latest) {
    return (
      <div className="flex aspect-[4/3] flex-col items-center justify-center gap-3 rounded-lg border border-dashed border-slate-400 bg-slate-50 p-6 text-center text-slate-700">
        <MapPinned className="size-10" aria-hidden="true" />
        <p>Map example coming soon! Check back later.</p>
      </div>
    )
  }
  return (
    <img
      src={latest.url}
      alt={latest.title ? `Town map example: ${latest.title}` : 'Town map example'}
      className="h-auto w-full rounded-lg border border-slate-200 bg-slate-50 object-contain shadow-sm"
      decoding="async"
    />
  )
}

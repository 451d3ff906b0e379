import { cn } from '#client/lib/cn.ts'
import { ARTWORK_STATE_LABELS, type ArtworkState } from '#shared/artwork.ts'

/**
 * Each state its own colour (text at least 4.5:1 on its background) and always its word, so the colour is
 * never the only sign. No icons: lucide icons shared with other pages each become a chunk of their own,
 * and every chunk name is bytes in the entry that all public routes load.
 */
const STATE_STYLES: Record<ArtworkState, string> = {
  missing: 'border-red-300 bg-red-50 text-red-800',
  received: 'border-blue-300 bg-blue-50 text-blue-900',
  approved: 'border-green-300 bg-green-50 text-green-800',
  changes_requested: 'border-amber-400 bg-amber-50 text-amber-900',
}

export function ArtworkStateBadge({ state }: { state: ArtworkState }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-sm font-semibold',
        STATE_STYLES[state],
      )}
    >
      {ARTWORK_STATE_LABELS[state]}
    </span>
  )
}

import { scansChartLabel } from '#shared/short-link-texts.ts'
import type { ScanDayDto } from '#shared/short-links.ts'

const BAR_WIDTH = 10
const GAP = 2
const HEIGHT = 40

/**
 * A line's scans per day as small bars, one per day from the first scan to today (days without any are
 * there, at zero). One image to assistive technology, named by what it shows in words
 * ('Scans per day from Jan 5 to Jan 19: 12 scans'). Hand-written SVG: no chart library on a public page.
 */
export function ScansChart({ days }: { days: readonly ScanDayDto[] }) {
  if (days.length === 0) return null
  const most = Math.max(1, ...days.map((day) => day.scans))
  const width = days.length * BAR_WIDTH
  return (
    <svg
      role="img"
      aria-label={scansChartLabel(days)}
      viewBox={`0 0 ${width} ${HEIGHT}`}
      preserveAspectRatio="none"
      className="block h-12 w-full max-w-sm border-b border-slate-400 text-blue-700"
    >
      {days.map((day, index) => {
        // A day with scans shows at least a sliver, so one scan among many is still seen.
        const height = day.scans === 0 ? 0 : Math.max(2, (day.scans / most) * HEIGHT)
        return (
          <rect
            key={day.day}
            x={index * BAR_WIDTH + GAP / 2}
            y={HEIGHT - height}
            width={BAR_WIDTH - GAP}
            height={height}
            fill="currentColor"
          />
        )
      })}
    </svg>
  )
}

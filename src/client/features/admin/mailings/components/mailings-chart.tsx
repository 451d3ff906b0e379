import { useId, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#client/components/ui/table.tsx'
import {
  STACKED_CELL,
  STACKED_HEADER,
  STACKED_ROW,
  STACKED_TABLE,
} from '#client/features/admin/components/stacked-table.ts'
import { cn } from '#client/lib/cn.ts'
import { formatPrice, formatUsd } from '#shared/format.ts'
import { type MailingChartPoint, mailingMonthLabel } from '#shared/mailings.ts'
import { axisTicks, chartSummary, monthTickLabel } from '../chart-scale'

/**
 * Colours: each at least 3:1 against white (WCAG 1.4.11), and told apart by more than colour: sold is
 * solid, held is striped, free is pale with a dark outline, revenue is a line with round markers.
 */
const SOLD = '#1d4ed8' // blue-700
const HELD = '#b45309' // amber-700
const HELD_STRIPE = '#fde68a' // amber-200
const FREE = '#e2e8f0' // slate-200
const FREE_EDGE = '#475569' // slate-600
const REVENUE = '#0f172a' // slate-900
const GRID = '#cbd5e1' // slate-300
const TEXT = '#334155' // slate-700

const WIDTH = 720
const HEIGHT = 320
const PLOT = { left: 56, right: 84, top: 16, bottom: 52 }
const PLOT_WIDTH = WIDTH - PLOT.left - PLOT.right
const PLOT_HEIGHT = HEIGHT - PLOT.top - PLOT.bottom
const BASELINE = PLOT.top + PLOT_HEIGHT

type Kind = 'sold' | 'held' | 'free'

function SeriesDefs({ id }: { id: string }) {
  return (
    <defs>
      <pattern
        id={`${id}-held`}
        width="6"
        height="6"
        patternUnits="userSpaceOnUse"
        patternTransform="rotate(45)"
      >
        <rect width="6" height="6" fill={HELD} />
        <rect width="2" height="6" fill={HELD_STRIPE} />
      </pattern>
    </defs>
  )
}

/** useId's characters are not all safe inside url(#…): keep letters, digits, _ and -. */
function usePatternId() {
  return `chart${useId().replace(/[^\w-]/g, '')}`
}

const fillOf = (kind: Kind, id: string) =>
  kind === 'sold' ? SOLD : kind === 'held' ? `url(#${id}-held)` : FREE

/** A legend swatch drawn like the series it names. */
function Swatch({ kind }: { kind: Kind | 'revenue' }) {
  const id = usePatternId()
  return (
    <svg width="28" height="16" viewBox="0 0 28 16" aria-hidden="true" className="shrink-0">
      {kind === 'revenue' ? (
        <>
          <line x1="1" y1="8" x2="27" y2="8" stroke={REVENUE} strokeWidth="2" />
          <circle cx="14" cy="8" r="4" fill="white" stroke={REVENUE} strokeWidth="2" />
        </>
      ) : (
        <>
          <SeriesDefs id={id} />
          <rect
            x="4"
            y="1"
            width="20"
            height="14"
            fill={fillOf(kind, id)}
            stroke={kind === 'free' ? FREE_EDGE : 'none'}
          />
        </>
      )}
    </svg>
  )
}

const LEGEND: Array<{ kind: Kind | 'revenue'; label: string }> = [
  { kind: 'sold', label: 'Sold days (solid)' },
  { kind: 'held', label: 'Held days (striped)' },
  { kind: 'free', label: 'Free days (pale)' },
  { kind: 'revenue', label: 'Paid revenue (line, right axis)' },
]

/** The next 12 months at a glance (stacked days, revenue line) and the same numbers as a table. */
export function MailingsChart({ points }: { points: MailingChartPoint[] }) {
  const id = usePatternId()
  const [isTableShown, setIsTableShown] = useState(false)
  const tableId = `${id}-table`
  const dayTicks = axisTicks(Math.max(31, ...points.map((p) => p.sold + p.held + p.free)), 5)
  const revenueTicks = axisTicks(Math.max(0, ...points.map((p) => p.revenue)), 100)
  const dayTop = dayTicks[dayTicks.length - 1] ?? 1
  const revenueTop = revenueTicks[revenueTicks.length - 1] ?? 1
  const band = PLOT_WIDTH / Math.max(points.length, 1)
  const barWidth = Math.min(36, band * 0.6)
  const yDays = (value: number) => BASELINE - (value / dayTop) * PLOT_HEIGHT
  const yRevenue = (value: number) => BASELINE - (value / revenueTop) * PLOT_HEIGHT
  const xCenter = (index: number) => PLOT.left + band * index + band / 2
  const line = points.map((p, i) => `${xCenter(i)},${yRevenue(p.revenue)}`).join(' ')

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Next 12 Months</CardTitle>
        <CardDescription>Days sold, held and free in each mailing, and its paid revenue.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-900">
          {LEGEND.map((item) => (
            <li key={item.kind} className="flex items-center gap-2">
              <Swatch kind={item.kind} />
              {item.label}
            </li>
          ))}
        </ul>
        <section
          aria-label="Chart of the next 12 months"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
          tabIndex={0}
          className="w-full max-w-full overflow-x-auto"
        >
          <svg
            role="img"
            aria-label={chartSummary(points)}
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            className="h-auto w-full max-w-[720px] min-w-[36rem]"
            fontFamily="inherit"
          >
            <SeriesDefs id={id} />
            {dayTicks.map((tick) => (
              <g key={tick}>
                <line
                  x1={PLOT.left}
                  x2={WIDTH - PLOT.right}
                  y1={yDays(tick)}
                  y2={yDays(tick)}
                  stroke={GRID}
                />
                <text
                  x={PLOT.left - 8}
                  y={yDays(tick)}
                  dy="0.32em"
                  textAnchor="end"
                  fontSize="14"
                  fill={TEXT}
                >
                  {tick}
                </text>
              </g>
            ))}
            {revenueTicks.map((tick) => (
              <text
                key={tick}
                x={WIDTH - PLOT.right + 8}
                y={yRevenue(tick)}
                dy="0.32em"
                fontSize="14"
                fill={TEXT}
              >
                {formatUsd(tick)}
              </text>
            ))}
            <text
              transform={`translate(16 ${PLOT.top + PLOT_HEIGHT / 2}) rotate(-90)`}
              textAnchor="middle"
              fontSize="14"
              fontWeight="600"
              fill={TEXT}
            >
              Days
            </text>
            <text
              transform={`translate(${WIDTH - 10} ${PLOT.top + PLOT_HEIGHT / 2}) rotate(90)`}
              textAnchor="middle"
              fontSize="14"
              fontWeight="600"
              fill={TEXT}
            >
              Revenue
            </text>
            {points.map((point, index) => {
              const x = xCenter(index) - barWidth / 2
              let base = 0
              const segments = (['sold', 'held', 'free'] as const).map((kind) => {
                const from = base
                base += point[kind]
                return { kind, from, to: base }
              })
              const tick = monthTickLabel(point.month, index)
              return (
                <g key={point.month}>
                  {segments
                    .filter((s) => s.to > s.from)
                    .map((s) => (
                      <rect
                        key={s.kind}
                        x={x}
                        width={barWidth}
                        y={yDays(s.to)}
                        height={yDays(s.from) - yDays(s.to)}
                        fill={fillOf(s.kind, id)}
                        stroke={s.kind === 'free' ? FREE_EDGE : 'white'}
                        strokeWidth="1"
                      />
                    ))}
                  <text x={xCenter(index)} y={BASELINE + 20} textAnchor="middle" fontSize="14" fill={TEXT}>
                    {tick.month}
                  </text>
                  {tick.year ? (
                    <text
                      x={xCenter(index)}
                      y={BASELINE + 38}
                      textAnchor="middle"
                      fontSize="14"
                      fontWeight="600"
                      fill={TEXT}
                    >
                      {tick.year}
                    </text>
                  ) : null}
                </g>
              )
            })}
            <line x1={PLOT.left} x2={WIDTH - PLOT.right} y1={BASELINE} y2={BASELINE} stroke={TEXT} />
            {/* A white halo keeps the line readable where it crosses a bar. */}
            <polyline points={line} fill="none" stroke="white" strokeWidth="6" strokeLinejoin="round" />
            <polyline points={line} fill="none" stroke={REVENUE} strokeWidth="2" strokeLinejoin="round" />
            {points.map((point, index) => (
              <circle
                key={point.month}
                cx={xCenter(index)}
                cy={yRevenue(point.revenue)}
                r="4.5"
                fill="white"
                stroke={REVENUE}
                strokeWidth="2"
              />
            ))}
          </svg>
        </section>
        <Button
          variant="outline"
          size="sm"
          aria-expanded={isTableShown}
          aria-controls={isTableShown ? tableId : undefined}
          onClick={() => setIsTableShown((shown) => !shown)}
        >
          {isTableShown ? 'Hide data table' : 'Show data table'}
        </Button>
        {isTableShown ? (
          <div id={tableId}>
            <Table label="Next 12 months data" className={STACKED_TABLE}>
              <caption className="caption-top p-3 text-left font-semibold text-slate-900 max-md:block">
                Next 12 months
              </caption>
              <TableHeader className={STACKED_HEADER}>
                <TableRow>
                  <TableHead>Month</TableHead>
                  <TableHead>Sold</TableHead>
                  <TableHead>Held</TableHead>
                  <TableHead>Free</TableHead>
                  <TableHead>Revenue</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {points.map((point) => (
                  <TableRow key={point.month} className={STACKED_ROW}>
                    <TableHead scope="row" data-label="Month" className={cn('h-auto py-2', STACKED_CELL)}>
                      {mailingMonthLabel(point.month)}
                      {point.hasMailing ? null : (
                        <span className="font-normal text-slate-700"> (no mailing)</span>
                      )}
                    </TableHead>
                    <TableCell data-label="Sold" className={cn('tabular-nums', STACKED_CELL)}>
                      {point.sold}
                    </TableCell>
                    <TableCell data-label="Held" className={cn('tabular-nums', STACKED_CELL)}>
                      {point.held}
                    </TableCell>
                    <TableCell data-label="Free" className={cn('tabular-nums', STACKED_CELL)}>
                      {point.free}
                    </TableCell>
                    <TableCell data-label="Revenue" className={cn('tabular-nums', STACKED_CELL)}>
                      {formatPrice(point.revenue)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        ) : null}
      </CardContent>
    </Card>
  )
}

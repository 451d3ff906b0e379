import {
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Checkbox } from '#client/components/ui/checkbox.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { cn } from '#client/lib/cn.ts'
import {
  isOutsideSafeArea,
  isOverBand,
  type MailingMapResponse,
  type MapBand,
  type MapMarkerDto,
  type MapPoint,
  overlappingMarkers,
} from '#shared/map-composer.ts'
import {
  mailingProofPath,
  useMailingMap,
  useResetMapImage,
  useSaveMapPositions,
  useSetMapLegend,
  useUploadMapImage,
} from '../api/mailing-map'

/** One press of an arrow key moves a marker 1 % of the card's width or height; with Shift, 5 %. */
const STEP = 0.01
const BIG_STEP = 0.05
const KEY_MOVES: Record<string, MapPoint> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
}

const percent = (fraction: number) => `${Math.round(fraction * 100)}%`
/** Four decimals: keeps repeated steps from drifting (0.1 + 0.01 + …) and is finer than a printed dot. */
const tidy = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 10_000) / 10_000

/** A marker as the composer shows it: where it is now (saved, or moved and not yet saved). */
type ShownMarker = MapMarkerDto & { moved: boolean }

/** The marker's accessible name: who, which icon, and where it is. */
export function markerLabel(marker: Pick<ShownMarker, 'businessName' | 'size' | 'x' | 'y'>): string {
  const size = marker.size === 'premium' ? 'Premium' : 'Regular'
  return `${marker.businessName}, ${size} icon, placed at ${percent(marker.x)}, ${percent(marker.y)}`
}

function listText(names: string[]): string {
  if (names.length <= 1) return names.join('')
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

/** The composer of one mailing's map side: the image, every sold icon where it prints, and the checks. */
export function MapComposer({ month }: { month: string }) {
  const query = useMailingMap(month)
  if (query.isPending) return <Spinner label="Loading the map..." className="min-h-64" />
  if (query.isError)
    return (
      <p role="alert" className="text-red-700">
        {query.error.message}
      </p>
    )
  return <ComposerBody month={month} map={query.data} />
}

function ComposerBody({ month, map }: { month: string; map: MailingMapResponse }) {
  const [moves, setMoves] = useState<Record<string, MapPoint>>({})
  const [status, setStatus] = useState('')
  const save = useSaveMapPositions(month)
  const { card } = map

  const markers: ShownMarker[] = useMemo(
    () =>
      map.markers.map((m) => {
        const moved = moves[m.orderId]
        return moved ? { ...m, ...moved, moved: true } : { ...m, moved: false }
      }),
    [map.markers, moves],
  )
  const overlaps = useMemo(() => overlappingMarkers(card, markers), [card, markers])
  const outside = useMemo(
    () => new Set(markers.filter((m) => isOutsideSafeArea(card, m)).map((m) => m.orderId)),
    [card, markers],
  )
  // The card prints every marker on top of the legend, where it would hide a row of the key.
  const legendBand = map.legend ? map.legendBand : null
  const overLegend = useMemo(
    () =>
      new Set(legendBand ? markers.filter((m) => isOverBand(card, legendBand, m)).map((m) => m.orderId) : []),
    [card, legendBand, markers],
  )
  const names = new Map(markers.map((m) => [m.orderId, m.businessName]))
  const unsaved = Object.keys(moves).length

  function moveTo(orderId: string, point: MapPoint) {
    setStatus('')
    setMoves((current) => ({ ...current, [orderId]: { x: tidy(point.x), y: tidy(point.y) } }))
  }

  async function savePositions() {
    const positions = Object.entries(moves).map(([orderId, p]) => ({ orderId, ...p }))
    if (positions.length === 0) return
    try {
      await save.mutateAsync(positions)
      setMoves({})
      setStatus('Positions saved.')
    } catch (error) {
      toast({ variant: 'destructive', title: 'Positions not saved', description: (error as Error).message })
    }
  }

  const overlapPairs = markers.flatMap((m) =>
    (overlaps.get(m.orderId) ?? [])
      .filter((other) => m.orderId < other)
      .map((other) => `${m.businessName} and ${names.get(other)}`),
  )
  const outsideNames = markers.filter((m) => outside.has(m.orderId)).map((m) => m.businessName)
  const overLegendNames = markers.filter((m) => overLegend.has(m.orderId)).map((m) => m.businessName)
  const unplacedNames = markers.filter((m) => !m.placed && !m.moved).map((m) => m.businessName)

  return (
    <div className="space-y-6">
      <MapToolbar month={month} map={map} />
      {markers.length === 0 ? (
        <p className="rounded-md border border-slate-300 bg-slate-50 p-4 text-slate-800">
          No map icons sold for this mailing.
        </p>
      ) : (
        <p className="text-sm text-slate-700">
          Drag a marker to where the business is, or focus it and use the arrow keys (1 % a press; with Shift,
          5 %). Then save the positions. The dashed line is the card's trim; keep markers inside the inner
          safe area.
        </p>
      )}
      <CardView
        map={map}
        markers={markers}
        legendBand={legendBand}
        flagged={(id) => overlaps.has(id) || outside.has(id) || overLegend.has(id)}
        describeMarker={(m) =>
          markerDescription(
            m,
            overlaps.get(m.orderId) ?? [],
            { outside: outside.has(m.orderId), overLegend: overLegend.has(m.orderId) },
            names,
          )
        }
        onMove={moveTo}
      />
      {markers.length > 0 ? (
        <div className="space-y-3">
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={savePositions} disabled={unsaved === 0 || save.isPending}>
              Save positions
            </Button>
            <span className="text-sm text-slate-700">
              {unsaved > 0 ? `${unsaved} marker${unsaved === 1 ? '' : 's'} moved, not saved yet.` : null}
            </span>
          </div>
          <p role="status" aria-live="polite" className="text-sm font-medium text-green-800">
            {status}
          </p>
          <MapChecks
            overlaps={overlapPairs}
            outside={outsideNames}
            overLegend={overLegendNames}
            unplaced={unplacedNames}
            legend={legendBand !== null}
          />
        </div>
      ) : null}
    </div>
  )
}

function markerDescription(
  marker: ShownMarker,
  overlapIds: string[],
  flags: { outside: boolean; overLegend: boolean },
  names: Map<string, string>,
): string {
  const notes = [`Number ${marker.number}, ${marker.iconName}.`]
  if (!marker.placed && !marker.moved) notes.push('Not placed yet.')
  if (overlapIds.length > 0) notes.push(`Overlaps ${listText(overlapIds.map((id) => names.get(id) ?? id))}.`)
  if (flags.outside) notes.push('Outside the safe area.')
  if (flags.overLegend) notes.push('Over the map key.')
  return notes.join(' ')
}

function MapChecks({
  overlaps,
  outside,
  overLegend,
  unplaced,
  legend,
}: {
  overlaps: string[]
  outside: string[]
  overLegend: string[]
  unplaced: string[]
  /** The card prints the legend. */
  legend: boolean
}) {
  if (overlaps.length + outside.length + overLegend.length + unplaced.length === 0)
    return (
      <p className="text-sm text-slate-700">
        {legend
          ? 'Every icon is placed, inside the safe area and clear of the map key, with no overlaps.'
          : 'Every icon is placed, inside the safe area, with no overlaps.'}
      </p>
    )
  return (
    <ul className="space-y-1 text-sm">
      {overlaps.length > 0 ? <li className="text-red-800">Overlaps: {overlaps.join('; ')}</li> : null}
      {outside.length > 0 ? (
        <li className="text-red-800">Outside the safe area: {listText(outside)}</li>
      ) : null}
      {overLegend.length > 0 ? (
        <li className="text-red-800">Over the map key: {listText(overLegend)}</li>
      ) : null}
      {unplaced.length > 0 ? <li className="text-slate-800">Not placed yet: {listText(unplaced)}</li> : null}
    </ul>
  )
}

/** The legend choice, the image controls and the proof link. */
function MapToolbar({ month, map }: { month: string; map: MailingMapResponse }) {
  const legend = useSetMapLegend(month)
  const upload = useUploadMapImage(month)
  const reset = useResetMapImage(month)
  const fileInput = useRef<HTMLInputElement>(null)
  const legendId = useId()
  const fail = (title: string) => (error: Error) =>
    toast({ variant: 'destructive', title, description: error.message })

  return (
    <div className="flex flex-wrap items-center gap-3">
      <div className="flex items-center gap-2">
        <Checkbox
          id={legendId}
          checked={legend.isPending ? legend.variables : map.legend}
          disabled={legend.isPending}
          onCheckedChange={(checked) =>
            legend.mutate(checked === true, { onError: fail('The legend setting was not saved') })
          }
        />
        <Label htmlFor={legendId}>Show numbered legend on the card</Label>
      </div>
      <input
        ref={fileInput}
        type="file"
        accept="image/png,image/jpeg"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0]
          event.target.value = ''
          if (file)
            upload.mutate(file, {
              onError: fail('The map image was not uploaded'),
              onSuccess: () => toast({ title: 'Map image uploaded' }),
            })
        }}
      />
      <Button variant="outline" disabled={upload.isPending} onClick={() => fileInput.current?.click()}>
        {map.imageIsDefault ? 'Upload map image' : 'Replace map image'}
      </Button>
      {map.imageIsDefault ? null : (
        <Button
          variant="outline"
          disabled={reset.isPending}
          onClick={() => reset.mutate(undefined, { onError: fail('The map image was not reset') })}
        >
          Use the default map
        </Button>
      )}
      <Button variant="outline" asChild>
        <a href={mailingProofPath(month)} download>
          Download proof
        </a>
      </Button>
    </div>
  )
}

/**
 * The card at the width of the screen in its bleed box's shape: the image covers the bleed box as the PDF
 * draws it, the trim and the safe area are outlined, and each marker sits at its printed size.
 */
function CardView({
  map,
  markers,
  legendBand,
  flagged,
  describeMarker,
  onMove,
}: {
  map: MailingMapResponse
  markers: ShownMarker[]
  /** Where the card prints the legend; null when it prints none. */
  legendBand: MapBand | null
  flagged: (orderId: string) => boolean
  describeMarker: (marker: ShownMarker) => string
  onMove: (orderId: string, point: MapPoint) => void
}) {
  const { card } = map
  const trim = useRef<HTMLDivElement>(null)
  const bleedW = card.widthInches + 2 * card.bleedInches
  const bleedH = card.heightInches + 2 * card.bleedInches
  const inset = (inches: number, of: number) => `${(inches / of) * 100}%`
  /** A rectangle in inches from the trim's top-left corner, placed in the trim's box. */
  const onTrim = (left: number, top: number, width: number, height: number) => ({
    left: inset(left, card.widthInches),
    top: inset(top, card.heightInches),
    width: inset(width, card.widthInches),
    height: inset(height, card.heightInches),
  })

  return (
    <div
      className="relative mx-auto w-full max-w-3xl overflow-hidden border border-slate-400 bg-slate-100"
      style={{ aspectRatio: `${bleedW} / ${bleedH}` }}
    >
      {map.image ? (
        <img
          src={map.image.url}
          alt={map.imageIsDefault ? 'The default town map' : "This mailing's map"}
          width={map.image.width}
          height={map.image.height}
          className="absolute inset-0 size-full object-cover"
        />
      ) : (
        <p className="absolute inset-x-0 top-1/3 text-center text-sm text-slate-700">
          No map image yet: upload one, or add a map example in Media.
        </p>
      )}
      <div
        ref={trim}
        className="absolute border border-dashed border-slate-900"
        style={{
          left: inset(card.bleedInches, bleedW),
          top: inset(card.bleedInches, bleedH),
          width: inset(card.widthInches, bleedW),
          height: inset(card.heightInches, bleedH),
        }}
      >
        <div
          aria-hidden="true"
          className="pointer-events-none absolute border border-dotted border-blue-700"
          style={onTrim(
            card.safeInches,
            card.safeInches,
            card.widthInches - 2 * card.safeInches,
            card.heightInches - 2 * card.safeInches,
          )}
        />
        {legendBand ? (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute border border-dotted border-blue-700 bg-white/70 p-1 text-xs text-slate-800"
            style={onTrim(
              legendBand.leftInches,
              legendBand.topInches,
              legendBand.widthInches,
              legendBand.heightInches,
            )}
          >
            Map key
          </div>
        ) : null}
        {markers.map((marker) => (
          <Marker
            key={marker.orderId}
            marker={marker}
            card={card}
            trim={trim}
            flagged={flagged(marker.orderId)}
            description={describeMarker(marker)}
            onMove={onMove}
          />
        ))}
      </div>
    </div>
  )
}

function Marker({
  marker,
  card,
  trim,
  flagged,
  description,
  onMove,
}: {
  marker: ShownMarker
  card: MailingMapResponse['card']
  trim: RefObject<HTMLDivElement | null>
  flagged: boolean
  description: string
  onMove: (orderId: string, point: MapPoint) => void
}) {
  const descriptionId = useId()
  const drag = useRef<{ pointerId: number; startX: number; startY: number; from: MapPoint } | null>(null)

  function onPointerDown(event: PointerEvent<HTMLButtonElement>) {
    if (event.button !== 0) return
    event.preventDefault()
    event.currentTarget.focus()
    event.currentTarget.setPointerCapture?.(event.pointerId)
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      from: { x: marker.x, y: marker.y },
    }
  }

  function onPointerMove(event: PointerEvent<HTMLButtonElement>) {
    const current = drag.current
    const box = trim.current?.getBoundingClientRect()
    if (!current || current.pointerId !== event.pointerId || !box || box.width === 0) return
    onMove(marker.orderId, {
      x: current.from.x + (event.clientX - current.startX) / box.width,
      y: current.from.y + (event.clientY - current.startY) / box.height,
    })
  }

  function onPointerEnd(event: PointerEvent<HTMLButtonElement>) {
    if (drag.current?.pointerId === event.pointerId) drag.current = null
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const move = KEY_MOVES[event.key]
    if (!move) return
    event.preventDefault()
    const step = event.shiftKey ? BIG_STEP : STEP
    onMove(marker.orderId, { x: marker.x + move.x * step, y: marker.y + move.y * step })
  }

  return (
    <>
      <button
        type="button"
        aria-label={markerLabel(marker)}
        aria-describedby={descriptionId}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onKeyDown={onKeyDown}
        className={cn(
          'absolute flex -translate-x-1/2 -translate-y-1/2 cursor-grab touch-none items-center justify-center overflow-hidden rounded-sm border-2 bg-white text-xs font-bold text-slate-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700 active:cursor-grabbing',
          flagged ? 'border-red-700 ring-2 ring-red-700' : 'border-slate-900',
          !marker.placed && !marker.moved && 'border-dashed',
        )}
        style={{
          left: `${marker.x * 100}%`,
          top: `${marker.y * 100}%`,
          width: `${(marker.sizeInches.width / card.widthInches) * 100}%`,
          aspectRatio: `${marker.sizeInches.width} / ${marker.sizeInches.height}`,
          minWidth: '1.5rem',
        }}
      >
        {marker.artworkUrl ? (
          <img src={marker.artworkUrl} alt="" className="size-full object-contain" draggable={false} />
        ) : (
          <span aria-hidden="true">{marker.number}</span>
        )}
      </button>
      <span id={descriptionId} className="sr-only">
        {description}
      </span>
    </>
  )
}

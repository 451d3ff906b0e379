import { AlertTriangle, CheckCircle2, FileText } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { DisclosureContent, useDisclosure } from '#client/components/disclosure.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
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
import { TruncatedText } from '#client/features/admin/components/truncated-text.tsx'
import { formatInstant } from '#client/features/admin/mailings/mailing-display.ts'
import { cn } from '#client/lib/cn.ts'
import { advertiserApprovalText } from '#shared/ad-approval.ts'
import {
  ARTWORK_STATE_LABELS,
  type ArtworkState,
  type PrintCheck,
  type ProductionLineDto,
} from '#shared/artwork.ts'
import { REUPLOADED_MARKER } from '#shared/owner-digest.ts'
import { fileSizeText, isReuploaded, printSizeText } from '../artwork-display'

const STATE_VARIANT: Record<ArtworkState, 'destructive' | 'default' | 'warning' | 'success'> = {
  missing: 'destructive',
  received: 'default',
  changes_requested: 'warning',
  approved: 'success',
}

/** 'Acme Hardware, Calendar day: Tuesday, January 5, 2027': how the row's controls and image are named. */
export const lineName = (line: ProductionLineDto) => `${line.businessName}, ${line.label}`

export type ArtworkLineActions = {
  onApprove: (line: ProductionLineDto) => void
  onRequestChanges: (line: ProductionLineDto) => void
  onCopyLink: (line: ProductionLineDto) => void
  onEmailLink: (line: ProductionLineDto) => void
  /** The line whose approval or e-mail is being sent, to disable its button meanwhile. */
  approvingId: string | null
  emailingId: string | null
}

/** One row per line sold for the mailing, its artwork, its print check and the owner's actions. */
export function ArtworkTable({
  lines,
  monthLabel,
  actions,
}: {
  lines: ProductionLineDto[]
  monthLabel: string
  actions: ArtworkLineActions
}) {
  const caption = `Artwork for the ${monthLabel} mailing`
  return (
    <Table label={caption} className={STACKED_TABLE}>
      <caption className="sr-only">{caption}</caption>
      <TableHeader className={STACKED_HEADER}>
        <TableRow>
          <TableHead>Item</TableHead>
          <TableHead>Business</TableHead>
          <TableHead>Artwork</TableHead>
          <TableHead>State</TableHead>
          <TableHead>Advertiser</TableHead>
          <TableHead>Print check</TableHead>
          <TableHead>Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {lines.map((line) => (
          <ArtworkRow key={line.orderId} line={line} actions={actions} />
        ))}
      </TableBody>
    </Table>
  )
}

function ArtworkRow({ line, actions }: { line: ProductionLineDto; actions: ArtworkLineActions }) {
  const name = lineName(line)
  const forLine = <span className="sr-only"> for {name}</span>
  const actionsRef = useRef<HTMLDivElement>(null)
  const approvedHere = useRef(false)

  // Approve goes once the line is approved: the focus moves to the row's next action, not the page's top.
  useEffect(() => {
    if (line.state !== 'approved' || !approvedHere.current) return
    approvedHere.current = false
    if (document.activeElement === document.body || document.activeElement === null)
      actionsRef.current?.querySelector('button')?.focus()
  }, [line.state])

  return (
    <TableRow className={STACKED_ROW}>
      <TableHead
        scope="row"
        data-label="Item"
        className={cn('h-auto min-w-48 py-2 whitespace-normal', STACKED_CELL)}
      >
        <div className="min-w-0">
          <span className="block">{line.label}</span>
          <span className="block text-xs font-normal text-slate-700">
            Prints at {printSizeText(line.printSize)}
          </span>
        </div>
      </TableHead>
      <TableCell data-label="Business" className={cn('min-w-40', STACKED_CELL)}>
        <div className="min-w-0">
          <span className="block font-medium">{line.businessName}</span>
          <TruncatedText text={line.email} className="max-w-56 text-xs text-slate-700" />
          {line.source === 'manual' ? (
            <span className="block text-xs text-slate-700">Manual order</span>
          ) : null}
        </div>
      </TableCell>
      <TableCell data-label="Artwork" className={cn('min-w-36', STACKED_CELL)}>
        <ArtworkFile line={line} />
      </TableCell>
      <TableCell data-label="State" className={cn('min-w-32', STACKED_CELL)}>
        <div className="min-w-0 space-y-1">
          <Badge variant={STATE_VARIANT[line.state]}>{ARTWORK_STATE_LABELS[line.state]}</Badge>
          {isReuploaded(line) ? (
            <div>
              <Badge variant="warning">{REUPLOADED_MARKER}</Badge>
            </div>
          ) : null}
          {line.state === 'changes_requested' && line.ownerNote ? (
            <p className="text-xs text-slate-700">Note: {line.ownerNote}</p>
          ) : null}
          {line.state === 'approved' && line.reviewedBy ? (
            <p className="text-xs text-slate-700">By {line.reviewedBy}</p>
          ) : null}
        </div>
      </TableCell>
      <TableCell data-label="Advertiser" className={cn('min-w-40', STACKED_CELL)}>
        <AdvertiserApproval approval={line.advertiserApproval} />
      </TableCell>
      <TableCell data-label="Print check" className={cn('min-w-48', STACKED_CELL)}>
        <PrintCheckSummary check={line.printCheck} name={name} />
      </TableCell>
      <TableCell data-label="Actions" className={cn('min-w-48', STACKED_CELL)}>
        <div ref={actionsRef} className="flex flex-wrap gap-1">
          {line.file && line.state !== 'approved' ? (
            <Button
              size="sm"
              disabled={actions.approvingId === line.orderId}
              onClick={() => {
                approvedHere.current = true
                actions.onApprove(line)
              }}
            >
              Approve{forLine}
            </Button>
          ) : null}
          {line.file ? (
            <Button size="sm" variant="outline" onClick={() => actions.onRequestChanges(line)}>
              Request changes{forLine}
            </Button>
          ) : null}
          <Button size="sm" variant="outline" onClick={() => actions.onCopyLink(line)}>
            Copy link{forLine}
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={actions.emailingId === line.orderId}
            onClick={() => actions.onEmailLink(line)}
          >
            E-mail link{forLine}
          </Button>
        </div>
      </TableCell>
    </TableRow>
  )
}

/** The thumbnail linking to the original; a PDF (no thumbnail) by its name; 'None yet' without a file. */
/** A change request longer than this shows its start, and the whole note on "Show". */
const NOTE_PREVIEW_CHARS = 80

/**
 * The advertiser's own decision on the line as printed (/account): "Approved", "Change requested: {note}"
 * (a long note opens in full), or "Waiting".
 */
function AdvertiserApproval({ approval }: { approval: ProductionLineDto['advertiserApproval'] }) {
  if (approval.state === 'approved')
    return <Badge variant="success">{advertiserApprovalText(approval)}</Badge>
  if (approval.state === 'waiting')
    return <span className="text-slate-700">{advertiserApprovalText(approval)}</span>
  const text = advertiserApprovalText(approval)
  if (text.length <= NOTE_PREVIEW_CHARS) return <p className="break-words text-amber-900">{text}</p>
  return (
    <details className="break-words text-amber-900">
      <summary className="cursor-pointer">{`${text.slice(0, NOTE_PREVIEW_CHARS).trimEnd()}…`}</summary>
      <p className="mt-1 whitespace-pre-wrap">{approval.note}</p>
    </details>
  )
}

function ArtworkFile({ line }: { line: ProductionLineDto }) {
  const { file } = line
  if (!file) return <span className="text-slate-700">None yet</span>
  const newTab = <span className="sr-only"> (opens in a new tab)</span>
  return (
    <div className="min-w-0 space-y-1">
      {file.thumbnailUrl ? (
        <a
          href={file.url}
          target="_blank"
          rel="noopener"
          className="inline-block rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        >
          <img
            src={file.thumbnailUrl}
            alt={`Artwork for ${lineName(line)}`}
            width={64}
            height={64}
            loading="lazy"
            className="size-16 rounded-sm border border-slate-200 bg-white object-contain"
          />
          {newTab}
        </a>
      ) : (
        <a
          href={file.url}
          target="_blank"
          rel="noopener"
          className="inline-flex items-center gap-1 break-all text-blue-700 underline-offset-4 hover:underline"
        >
          <FileText aria-hidden="true" className="size-4 shrink-0" />
          {file.name}
          {newTab}
        </a>
      )}
      <p className="text-xs text-slate-700">
        {fileSizeText(file.sizeBytes)} · {formatInstant(file.uploadedAt)}
      </p>
    </div>
  )
}

/** OK or Warning in words (not colour only), the first message, and the rest behind a toggle. */
function PrintCheckSummary({ check, name }: { check: PrintCheck | null; name: string }) {
  const [isOpen, setIsOpen] = useState(false)
  const disclosure = useDisclosure(isOpen, setIsOpen)
  if (!check) return <span className="text-slate-700">Not checked</span>
  const [first, ...rest] = check.messages
  const isOk = check.level === 'ok'
  return (
    <div className="min-w-0 space-y-1">
      <Badge variant={isOk ? 'success' : 'warning'} className="gap-1">
        {isOk ? (
          <CheckCircle2 aria-hidden="true" className="size-3.5" />
        ) : (
          <AlertTriangle aria-hidden="true" className="size-3.5" />
        )}
        {isOk ? 'OK' : 'Warning'}
      </Badge>
      {first ? <p className="text-xs text-slate-800">{first}</p> : null}
      {rest.length > 0 ? (
        <>
          <button
            {...disclosure.triggerProps}
            className="text-xs text-blue-700 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            {isOpen ? 'Less' : 'More'}
            <span className="sr-only"> about the print check for {name}</span>
          </button>
          <DisclosureContent {...disclosure.contentProps}>
            <ul className="list-disc space-y-1 pl-4 text-xs text-slate-800">
              {rest.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </DisclosureContent>
        </>
      ) : null}
    </div>
  )
}

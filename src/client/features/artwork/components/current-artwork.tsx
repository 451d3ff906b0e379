import type { ArtworkFileDto } from '#shared/artwork.ts'
import { fileSizeText } from '../artwork-display'

const LINK_CLASS =
  'text-blue-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700'

/** "PDF", "PNG", "JPEG": what the tile of a file without a preview says. */
function fileKind(file: ArtworkFileDto): string {
  if (file.contentType === 'application/pdf') return 'PDF'
  const subtype = file.contentType.split('/')[1]
  return subtype ? subtype.toUpperCase() : 'FILE'
}

/** The file on record for a line: its preview (images) or a file icon (PDFs), and a link to the original. */
export function CurrentArtwork({ file, label }: { file: ArtworkFileDto; label: string }) {
  return (
    <div className="flex items-start gap-3">
      {file.thumbnailUrl ? (
        <img
          src={file.thumbnailUrl}
          alt={`Current artwork for ${label}`}
          className="size-20 shrink-0 rounded-md border border-slate-200 bg-slate-50 object-contain"
        />
      ) : (
        // A file tile rather than an icon (see ArtworkStateBadge); the name below says what it is.
        <div
          aria-hidden="true"
          className="flex size-20 shrink-0 items-center justify-center rounded-md border border-slate-300 bg-slate-50 text-sm font-semibold text-slate-700"
        >
          {fileKind(file)}
        </div>
      )}
      <div className="min-w-0 space-y-1 text-sm">
        <p className="font-medium text-slate-900">Current file</p>
        <p className="break-words text-slate-700">
          {file.name} <span className="whitespace-nowrap">({fileSizeText(file.sizeBytes)})</span>
        </p>
        {/* The server sends a PDF as a download and an image to view; the link says which. */}
        {file.contentType === 'application/pdf' ? (
          <a href={file.url} download={file.name} className={LINK_CLASS}>
            Download the original file<span className="sr-only"> for {label}</span>
          </a>
        ) : (
          <a href={file.url} target="_blank" rel="noopener noreferrer" className={LINK_CLASS}>
            Open the original file<span className="sr-only"> for {label} (opens in a new tab)</span>
          </a>
        )}
      </div>
    </div>
  )
}

import { Suspense } from 'react'
import { lazyPart } from '#client/lib/lazy-part.tsx'
import type { ArtworkLineDto, ArtworkPageResponse } from '#shared/artwork.ts'
import { artworkStatusId, printsAtText } from '../artwork-display'
import { ArtworkStateBadge } from './artwork-state-badge'
import { ArtworkUploadForm } from './artwork-upload-form'
import { CurrentArtwork } from './current-artwork'
import { PrintCheckNotice } from './print-check-notice'

// Below each line's upload: its own chunk, so the page's first load stays within its JavaScript budget. The
// server renders it and the browser loads it before hydrating (lazyPart).
const ArtworkLineLink = lazyPart('artwork-line-link', () =>
  import('./artwork-line-link').then((module) => module.ArtworkLineLink),
)

type Props = {
  line: ArtworkLineDto
  token: string
  onUploaded: (page: ArtworkPageResponse, orderIds: string[]) => void
}

/**
 * One bought item: what it is and prints at, then its status block (state, the owner's note, the file and
 * its print check), which takes the focus after an upload so the new state is read out, then the upload,
 * then where its QR code leads.
 */
export function ArtworkLineCard({ line, token, onUploaded }: Props) {
  const hasFile = line.file !== null
  return (
    <li className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="space-y-1">
        <h3 className="text-lg font-semibold text-slate-900">{line.label}</h3>
        <p className="text-sm text-slate-700">{printsAtText(line.printSize)}</p>
      </div>
      <div
        id={artworkStatusId(line.orderId)}
        tabIndex={-1}
        className="space-y-3 rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-blue-700"
      >
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
          Status: <ArtworkStateBadge state={line.state} />
        </p>
        {line.state === 'changes_requested' && line.ownerNote ? (
          <p className="rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-900">
            <span className="font-semibold">Requested changes:</span> {line.ownerNote}
          </p>
        ) : null}
        {line.file ? <CurrentArtwork file={line.file} label={line.label} /> : null}
        {line.printCheck ? <PrintCheckNotice check={line.printCheck} /> : null}
      </div>
      {line.canUpload ? (
        <ArtworkUploadForm
          token={token}
          orderIds={[line.orderId]}
          id={`artwork-${line.orderId}`}
          inputLabel={
            <>
              {hasFile ? 'Choose a new file' : 'Choose a file'}
              <span className="sr-only"> for {line.label}</span>
            </>
          }
          buttonLabel={
            hasFile ? (
              <>
                Replace file<span className="sr-only"> for {line.label}</span>
              </>
            ) : (
              <>
                Upload<span className="sr-only"> a file for {line.label}</span>
              </>
            )
          }
          onUploaded={onUploaded}
        />
      ) : null}
      {line.link ? (
        <Suspense fallback={null}>
          <ArtworkLineLink token={token} orderId={line.orderId} label={line.label} link={line.link} />
        </Suspense>
      ) : null}
    </li>
  )
}

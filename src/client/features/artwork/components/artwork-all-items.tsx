import type { ArtworkPageResponse } from '#shared/artwork.ts'
import { ArtworkUploadForm } from './artwork-upload-form'

type Props = {
  token: string
  orderIds: string[]
  onUploaded: (page: ArtworkPageResponse, orderIds: string[]) => void
}

/** For two or more items still open for artwork: one file sent for all of them at once. */
export function ArtworkAllItems({ token, orderIds, onUploaded }: Props) {
  return (
    <section
      aria-labelledby="artwork-all-items"
      className="space-y-3 rounded-lg border border-blue-200 bg-blue-50 p-4 sm:p-5"
    >
      <div className="space-y-1">
        <h2 id="artwork-all-items" className="text-2xl text-slate-900 md:text-3xl">
          One file for everything
        </h2>
        <p className="text-slate-800">
          Using the same logo everywhere? Upload it once for all {orderIds.length} items below that are still
          open for artwork.
        </p>
      </div>
      <ArtworkUploadForm
        token={token}
        orderIds={orderIds}
        id="artwork-all"
        inputLabel="Choose one file for all items"
        buttonLabel="Use this file for all items"
        onUploaded={onUploaded}
      />
    </section>
  )
}

import { type ReactNode, useEffect, useState } from 'react'
import { useParams } from 'react-router'
import { PageContainer, PageTitle } from '#client/app/layout/page-section.tsx'
import { useSiteConfig } from '#client/app/site-config.ts'
import { useDocumentTitle } from '#client/app/use-document-title.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { isArtworkLinkNotFound, useArtworkPage } from '#client/features/artwork/api/get-artwork-page.ts'
import { artworkStatusId, groupLinesByMailing } from '#client/features/artwork/artwork-display.ts'
import { ArtworkAllItems } from '#client/features/artwork/components/artwork-all-items.tsx'
import { ArtworkMailingSection } from '#client/features/artwork/components/artwork-mailing-section.tsx'
import { ARTWORK_LINK_NOT_FOUND, type ArtworkPageResponse } from '#shared/artwork.ts'

const LOAD_FAILED = 'Your artwork page could not be loaded. Please try again.'

/**
 * The buyer's private artwork page, /artwork/:token (the link from the thank-you page and the
 * e-mails). One upload per line, or one file for all; each answer is the refreshed page.
 */
export function ArtworkPage() {
  useDocumentTitle('Your Artwork')
  const { token = '' } = useParams()
  const { contactEmail } = useSiteConfig()
  const query = useArtworkPage(token)
  const data = query.data
  // After an upload the focus goes to the line's status, once it shows the answer (read on that render).
  const [focusOrderId, setFocusOrderId] = useState<string | null>(null)

  useEffect(() => {
    if (!focusOrderId) return
    document.getElementById(artworkStatusId(focusOrderId))?.focus()
    setFocusOrderId(null)
  }, [focusOrderId])

  function handleUploaded(_page: ArtworkPageResponse, orderIds: string[]) {
    setFocusOrderId(orderIds[0] ?? null)
  }

  const contact = (
    <a href={`mailto:${contactEmail}`} className="text-blue-800 underline underline-offset-2">
      {contactEmail}
    </a>
  )

  let body: ReactNode
  if (query.isPending) {
    body = <Spinner label="Loading your artwork page..." />
  } else if (!data) {
    const notFound = isArtworkLinkNotFound(query.error)
    body = (
      <div className="space-y-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-800">
        <p className="font-semibold">{notFound ? ARTWORK_LINK_NOT_FOUND : LOAD_FAILED}</p>
        <p>If you need help, contact us at {contact}.</p>
        {notFound ? null : (
          <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
            Try again
          </Button>
        )}
      </div>
    )
  } else {
    const groups = groupLinesByMailing(data.mailings, data.lines)
    const uploadableIds = data.lines.filter((line) => line.canUpload).map((line) => line.orderId)
    body = (
      <>
        <div className="space-y-2 text-slate-700">
          <p className="text-lg text-slate-800">
            Upload your logo or ad for each item below, for {data.businessName}.
          </p>
          <p>
            PNG, JPEG or PDF, up to 20 MB. For a sharp print, images need {data.dpi} dots per inch at their
            printed size.
          </p>
        </div>
        {uploadableIds.length >= 2 ? (
          <ArtworkAllItems token={token} orderIds={uploadableIds} onUploaded={handleUploaded} />
        ) : null}
        {groups.length === 0 ? (
          <p className="text-slate-700">There are no items on this order that need artwork.</p>
        ) : (
          groups.map((group) => (
            <ArtworkMailingSection
              key={group.month}
              group={group}
              token={token}
              contactEmail={contactEmail}
              onUploaded={handleUploaded}
            />
          ))
        )}
      </>
    )
  }

  // One h1 element through loading and result, so the focus the layout gave it on arrival stays.
  return (
    <PageContainer className="space-y-8">
      <PageTitle>Your Artwork</PageTitle>
      {body}
    </PageContainer>
  )
}

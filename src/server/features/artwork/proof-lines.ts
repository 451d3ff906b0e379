import { shortLinkPath } from '#shared/short-links.ts'
import type { ArtworkContext, LineRow } from './artwork.service.ts'
import type { ProofJobArtwork } from './artwork-file-jobs.ts'

/** The proof uses approved artwork, else received; a file the owner sent back for changes is left out. */
export function proofArtwork(line: LineRow): ProofJobArtwork | null {
  const art = line.artwork
  if (!art || art.state === 'changes_requested') return null
  return { contentType: art.contentType as ProofJobArtwork['contentType'], key: art.fileKey }
}

/** A line's absolute short link, what its QR code holds: the site's public origin + /go/{code}. */
export function shortUrl(
  ctx: Pick<ArtworkContext, 'publicOrigin'>,
  line: Pick<LineRow, 'shortCode'>,
): string {
  return `${ctx.publicOrigin}${shortLinkPath(line.shortCode)}`
}

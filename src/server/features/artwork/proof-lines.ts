import { shortLinkPath } from '#shared/short-links.ts'
import type { ArtworkContext, LineRow } from './artwork.service.ts'
import type { ProofJobArtwork } from './artwork-file-jobs.ts'

/**
 * The artwork the card prints: approved, else received; a file the owner sent back for changes is left
 * out (the proof, the map side and the advertiser's preview all use this rule).
 */
export function proofArtwork(line: Pick<LineRow, 'artwork'>): ProofJobArtwork | null {
  const art = line.artwork
  if (!art || art.state === 'changes_requested') return null
  return { contentType: art.contentType as ProofJobArtwork['contentType'], key: art.fileKey }
}

/** Reads a stored file whole (artwork is at most 20 MB, and a drawing job asks for one at a time). */
export async function readStoredFile(ctx: Pick<ArtworkContext, 'storage'>, key: string): Promise<Uint8Array> {
  const object = await ctx.storage.get(key)
  if (!object) throw new Error(`artwork file missing from storage: ${key}`)
  if (object.body instanceof Uint8Array) return object.body
  return new Uint8Array(await new Response(object.body).arrayBuffer())
}

/** A line's absolute short link, what its QR code holds: the site's public origin + /go/{code}. */
export function shortUrl(
  ctx: Pick<ArtworkContext, 'publicOrigin'>,
  line: Pick<LineRow, 'shortCode'>,
): string {
  return `${ctx.publicOrigin}${shortLinkPath(line.shortCode)}`
}

import { LineLinkForm } from '#client/components/line-link-form.tsx'
import type { LineLinkDto } from '#shared/short-links.ts'
import { useSaveArtworkLineLink } from '../api/save-line-link'

/** Where the line's QR code leads, set from the artwork page: before and after the artwork deadline alike. */
export function ArtworkLineLink({
  token,
  orderId,
  label,
  link,
}: {
  token: string
  orderId: string
  label: string
  link: LineLinkDto
}) {
  const save = useSaveArtworkLineLink(token, orderId)
  return (
    <div className="border-t border-slate-200 pt-4">
      <LineLinkForm link={link} itemLabel={label} save={save} />
    </div>
  )
}

import { LineLinkForm } from '#client/components/line-link-form.tsx'
import { ScansChart } from '#client/components/scans-chart.tsx'
import { LINK_FORM_TEXTS } from '#shared/short-link-texts.ts'
import type { LineScansDto } from '#shared/short-links.ts'
import { type LineLinkDto, scansText } from '#shared/short-links.ts'
import { useSaveAccountLineLink } from '../api/save-line-link'

/** A line's QR code: its scans ("12 scans, 9 people"), their days as a small chart, and where it leads. */
export function LineScansAndLink({
  link,
  scans,
  label,
}: {
  link: LineLinkDto
  scans: LineScansDto | null
  label: string
}) {
  const save = useSaveAccountLineLink(link.orderId)
  return (
    <div className="w-full space-y-4 rounded-md bg-slate-50 p-3 sm:p-4">
      <div className="space-y-2">
        <p className="text-slate-800">
          {LINK_FORM_TEXTS.scans}{' '}
          <span className="font-semibold text-slate-900">
            {scansText(scans?.scans ?? 0, scans?.people ?? 0)}
          </span>
        </p>
        {scans ? <ScansChart days={scans.days} /> : null}
      </div>
      <LineLinkForm link={link} itemLabel={label} save={save} />
    </div>
  )
}

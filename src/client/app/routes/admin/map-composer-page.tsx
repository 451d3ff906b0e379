import { ArrowLeft } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { PageContainer, PageTitle } from '#client/app/layout/page-section.tsx'
import { useDocumentTitle } from '#client/app/use-document-title.ts'
import { MapComposer } from '#client/features/admin/mailings/components/map-composer.tsx'
import { isMonthKey } from '#shared/mailing-names.ts'
import { mailingMonthLabel } from '#shared/mailings.ts'
import { RequireAdmin } from './require-admin'

/** /admin/mailings/:month/map: where the owner places each sold map icon on the mailing's card. */
export function MapComposerPage() {
  const { month = '' } = useParams()
  const known = isMonthKey(month)
  const title = known ? `Map: ${mailingMonthLabel(month)}` : 'Map'
  useDocumentTitle(title)
  return (
    <RequireAdmin>
      <PageContainer className="max-w-5xl space-y-6">
        <Link
          to="/admin/mailings"
          className="inline-flex items-center gap-1 text-blue-800 underline underline-offset-2"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to mailings
        </Link>
        <PageTitle>{title}</PageTitle>
        {known ? (
          <MapComposer month={month} />
        ) : (
          <p role="alert" className="text-red-700">
            No such mailing.
          </p>
        )}
      </PageContainer>
    </RequireAdmin>
  )
}

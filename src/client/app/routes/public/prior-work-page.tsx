import { PageContainer, PageTitle } from '#client/app/layout/page-section.tsx'
import { useDocumentTitle } from '#client/app/use-document-title.ts'
import { PriorWorkCarousels } from '#client/features/media/components/prior-work-carousels.tsx'

export function PriorWorkPage() {
  useDocumentTitle('Prior Work')
  return (
    <PageContainer className="space-y-10">
      <header className="space-y-2">
        <PageTitle>Prior Work</PageTitle>
        <p className="text-slate-700">Examples of the front and back of postcards we have mailed.</p>
      </header>
      <PriorWorkCarousels headingLevel={2} />
    </PageContainer>
  )
}

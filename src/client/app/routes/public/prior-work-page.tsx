import { PriorWorkCarousels } from '../../../features/media/components/prior-work-carousels'
import { PageContainer, PageTitle } from '../../layout/page-section'
import { useDocumentTitle } from '../../use-document-title'

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

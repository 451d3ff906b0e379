import { PageContainer, PageTitle, SectionTitle } from '../../layout/page-section'
import { useDocumentTitle } from '../../use-document-title'

export function PriorWorkPage() {
  useDocumentTitle('Prior Work')
  return (
    <PageContainer className="space-y-10">
      <PageTitle>Prior Work</PageTitle>
      <section aria-labelledby="front" className="space-y-3">
        <SectionTitle id="front">Postcard Front</SectionTitle>
      </section>
      <section aria-labelledby="back" className="space-y-3">
        <SectionTitle id="back">Postcard Back</SectionTitle>
      </section>
    </PageContainer>
  )
}

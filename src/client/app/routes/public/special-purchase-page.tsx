import { PageContainer, PageTitle } from '../../layout/page-section'
import { useDocumentTitle } from '../../use-document-title'

export function SpecialPurchasePage() {
  useDocumentTitle('Special Purchase')
  return (
    <PageContainer className="max-w-2xl space-y-6">
      <PageTitle>Special Purchase</PageTitle>
      <p className="text-slate-800">Order custom units at a flat price of $1 per unit.</p>
    </PageContainer>
  )
}

import { PageContainer, PageTitle } from '../../layout/page-section'
import { useDocumentTitle } from '../../use-document-title'

export function MapIconCheckoutPage() {
  useDocumentTitle('Map Icon Checkout')
  return (
    <PageContainer className="max-w-2xl space-y-6">
      <PageTitle>Map Icon Checkout</PageTitle>
    </PageContainer>
  )
}

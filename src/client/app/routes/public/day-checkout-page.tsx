import { PageContainer, PageTitle } from '../../layout/page-section'
import { useDocumentTitle } from '../../use-document-title'

export function DayCheckoutPage() {
  useDocumentTitle('Checkout')
  return (
    <PageContainer className="max-w-2xl space-y-6">
      <PageTitle>Checkout</PageTitle>
    </PageContainer>
  )
}

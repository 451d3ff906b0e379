import { PageContainer, PageTitle, SectionTitle } from '#client/app/layout/page-section.tsx'
import { useSiteConfig } from '#client/app/site-config.ts'
import { useDocumentTitle } from '#client/app/use-document-title.ts'

const link = 'text-blue-700 underline underline-offset-4 hover:text-blue-800'

export function GuaranteePage() {
  const config = useSiteConfig()
  useDocumentTitle('Guarantee')

  return (
    <PageContainer className="space-y-8 text-slate-800">
      <PageTitle>Our Guarantee</PageTitle>
      <p className="text-lg">
        We stand behind every ad in {config.productName}. If something is not right, tell us within 30 days of
        receiving your postcard and we will make it right.
      </p>

      <section aria-labelledby="remedies" className="space-y-3">
        <SectionTitle id="remedies">How We Make It Right</SectionTitle>
        <p>Contact us within 30 days of receipt and choose one of:</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>A full refund</li>
          <li>Correction of errors</li>
          <li>Credit for future ad space</li>
        </ul>
        <p>Custom orders may have different terms.</p>
      </section>

      <section aria-labelledby="reach-us" className="space-y-3">
        <SectionTitle id="reach-us">How to Reach Us</SectionTitle>
        <p>
          E-mail{' '}
          <a href={`mailto:${config.contactEmail}`} className={link}>
            {config.contactEmail}
          </a>{' '}
          or call{' '}
          <a href={`tel:${config.contactPhone.replace(/[^\d+]/g, '')}`} className={link}>
            {config.contactPhone}
          </a>
          .
        </p>
        <p>Hours: Monday-Friday 9am-5pm EST</p>
      </section>
    </PageContainer>
  )
}

import { Clock, Mail, MapPin, Phone } from 'lucide-react'
import { PageContainer, PageTitle, SectionTitle } from '#client/app/layout/page-section.tsx'
import { useSiteConfig } from '#client/app/site-config.ts'
import { useDocumentTitle } from '#client/app/use-document-title.ts'
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { MailingListForm } from '#client/features/inquiries/components/mailing-list-form.tsx'

const link = 'text-blue-700 underline underline-offset-4 hover:text-blue-800'

export function ContactPage() {
  const config = useSiteConfig()
  useDocumentTitle('Contact')

  return (
    <PageContainer className="space-y-10">
      <PageTitle>Contact Us</PageTitle>
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Get in Touch</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3 text-slate-800">
            <p className="flex items-center gap-2">
              <Mail className="size-4" aria-hidden="true" />
              <a href={`mailto:${config.contactEmail}`} className={link}>
                {config.contactEmail}
              </a>
            </p>
            <p className="flex items-center gap-2">
              <Phone className="size-4" aria-hidden="true" />
              <a href={`tel:${config.contactPhone.replace(/[^\d+]/g, '')}`} className={link}>
                {config.contactPhone}
              </a>
            </p>
            <p className="flex items-center gap-2">
              <MapPin className="size-4" aria-hidden="true" />
              {config.town}, {config.region}
            </p>
            <p>We respond within 24-48 business hours.</p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Clock className="size-5" aria-hidden="true" />
              Business Hours
            </CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-800">
              <dt className="font-medium">Mon-Fri</dt>
              <dd>9:00 AM-5:00 PM</dd>
              <dt className="font-medium">Saturday</dt>
              <dd>By appointment</dd>
              <dt className="font-medium">Sunday</dt>
              <dd>Closed</dd>
            </dl>
          </CardContent>
        </Card>
      </div>

      <section aria-labelledby="more-help" className="space-y-3 text-slate-800">
        <SectionTitle id="more-help">More Than a Postcard</SectionTitle>
        <p>
          We also help local businesses with office automation, data processing and lead generation. If
          repetitive paperwork or a messy customer list is slowing you down, get in touch and we will find a
          practical fix.
        </p>
      </section>

      <section aria-labelledby="mailing-list" className="space-y-3 text-slate-800">
        <SectionTitle id="mailing-list">Stay in The Loop!</SectionTitle>
        <p>Join our mailing list to hear about upcoming mailings and open calendar days.</p>
        <Card className="max-w-xl">
          <CardContent className="pt-6">
            <MailingListForm />
          </CardContent>
        </Card>
      </section>
    </PageContainer>
  )
}

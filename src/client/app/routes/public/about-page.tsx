import { Mail, MapPin, Phone } from 'lucide-react'
import { Link } from 'react-router'
import { PageContainer, PageTitle, SectionTitle } from '#client/app/layout/page-section.tsx'
import { useSiteConfig } from '#client/app/site-config.ts'
import { useDocumentTitle } from '#client/app/use-document-title.ts'
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { formatCount } from '#shared/format.ts'

const link = 'text-blue-700 underline underline-offset-4 hover:text-blue-800'

export function AboutPage() {
  const config = useSiteConfig()
  useDocumentTitle('About')
  const reach = formatCount(config.reach)

  return (
    <PageContainer className="space-y-10">
      <PageTitle>About {config.productName}</PageTitle>

      <section aria-labelledby="story" className="space-y-3 text-slate-800">
        <SectionTitle id="story">Our Story</SectionTitle>
        <p>
          {config.productName} is a monthly postcard mailed to about {reach} residents of {config.town}. One
          side is a calendar of the month, the other a map of the town, and both are filled with the local
          businesses that make {config.town} home.
        </p>
        <p>
          We started it so that neighbours would know where to shop, eat and get things done, and so that
          small businesses could reach every household around them without the cost of a mass-mailing
          campaign.
        </p>
      </section>

      <section aria-labelledby="why" className="space-y-3 text-slate-800">
        <SectionTitle id="why">Why Choose {config.productName}?</SectionTitle>
        <ul className="list-disc space-y-2 pl-6">
          <li>Your business reaches about {reach} local homes every month.</li>
          <li>A calendar day keeps your name on the fridge for the whole month.</li>
          <li>A map icon shows residents exactly where to find you.</li>
          <li>Local non-profits get two free calendar features every month.</li>
          <li>
            Every ad is backed by our{' '}
            <Link to="/guarantee" className={link}>
              30-day guarantee
            </Link>
            .
          </li>
        </ul>
      </section>

      <section aria-labelledby="community" className="space-y-3 text-slate-800">
        <SectionTitle id="community">Community Involvement</SectionTitle>
        <p>
          We are proud members of the {config.networkName}.{' '}
          <a href={config.networkMembersUrl} target="_blank" rel="noopener noreferrer" className={link}>
            See the {config.networkName} members list
          </a>
          .
        </p>
      </section>

      <Card>
        <CardHeader>
          <CardTitle>Contact Us</CardTitle>
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
          <p>
            <a href={config.professionalUrl} target="_blank" rel="noopener noreferrer" className={link}>
              Connect with us professionally
            </a>
          </p>
          <p className="flex items-center gap-2">
            <MapPin className="size-4" aria-hidden="true" />
            Serving {config.town} and the surrounding {config.region}
          </p>
        </CardContent>
      </Card>
    </PageContainer>
  )
}

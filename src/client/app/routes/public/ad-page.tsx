import type { ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { PageContainer, PageTitle } from '#client/app/layout/page-section.tsx'
import { useDocumentTitle } from '#client/app/use-document-title.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { isAdNotFound, useAdPage } from '#client/features/ads/api/get-ad-page.ts'
import { AD_PAGE_TEXTS } from '#shared/ad-page-texts.ts'

const LINK_CLASS =
  'break-all text-blue-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700'

/** A website as read on the page: without its scheme and a bare trailing slash ('www.example.com/menu'). */
function websiteText(url: string): string {
  return url.replace(/^https?:\/\//i, '').replace(/\/$/, '')
}

/** The digits a `tel:` link dials, a leading '+' kept. */
function telHref(phone: string): string {
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`
}

/**
 * /ads/:code, where a postcard's QR code leads by default: the advertiser's name, logo, phone and website,
 * "as seen in" the postcard. Rendered on the server for each request and never kept; a link whose line is
 * no longer live (refunded, expired, unknown) says so and leads home.
 */
export function AdPage() {
  const { code = '' } = useParams()
  const query = useAdPage(code)
  const ad = query.data
  const notFound = !ad && isAdNotFound(query.error)
  useDocumentTitle(ad ? ad.businessName : notFound ? AD_PAGE_TEXTS.notFound : AD_PAGE_TEXTS.loading)

  let title: string
  let body: ReactNode
  if (ad) {
    title = ad.businessName
    body = (
      <div className="space-y-6">
        {ad.logoPath ? (
          <img
            src={ad.logoPath}
            alt={`${ad.businessName} logo`}
            className="block max-h-48 w-auto max-w-xs rounded-md border border-slate-200 bg-white object-contain"
          />
        ) : null}
        <p className="text-lg text-slate-700 first-letter:uppercase">{ad.seenIn}</p>
        {ad.phone || ad.website ? (
          <dl className="space-y-3 text-lg">
            {ad.phone ? (
              <div className="flex flex-wrap gap-x-2">
                <dt className="font-semibold text-slate-900">{AD_PAGE_TEXTS.call}</dt>
                <dd>
                  <a href={telHref(ad.phone)} className={LINK_CLASS}>
                    {ad.phone}
                  </a>
                </dd>
              </div>
            ) : null}
            {ad.website ? (
              <div className="flex flex-wrap gap-x-2">
                <dt className="font-semibold text-slate-900">{AD_PAGE_TEXTS.website}</dt>
                <dd className="min-w-0">
                  <a href={ad.website} rel="noopener" className={LINK_CLASS}>
                    {websiteText(ad.website)}
                  </a>
                </dd>
              </div>
            ) : null}
          </dl>
        ) : null}
      </div>
    )
  } else if (query.isPending) {
    title = AD_PAGE_TEXTS.loading
    body = <Spinner label={AD_PAGE_TEXTS.loading} />
  } else if (notFound) {
    title = AD_PAGE_TEXTS.notFound
    body = (
      <p className="text-lg">
        <Link to="/" className={LINK_CLASS}>
          {AD_PAGE_TEXTS.home}
        </Link>
      </p>
    )
  } else {
    title = AD_PAGE_TEXTS.loadFailed
    body = (
      <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
        {AD_PAGE_TEXTS.tryAgain}
      </Button>
    )
  }

  // One h1 element through loading and result, so the focus the layout gave it on arrival stays.
  return (
    <PageContainer className="space-y-6">
      <PageTitle className="break-words">{title}</PageTitle>
      {body}
    </PageContainer>
  )
}

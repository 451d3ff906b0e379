/**
 * Server rendering of the public pages (decision 014), built by `vite build --ssr` into dist/ssr and
 * imported by the server (src/server/http/spa.ts) as the ServerRenderer of src/shared/server-renderer.ts,
 * the contract both sides build on without importing each other. The page is rendered with the same
 * components, routes and query options as in the browser; the data comes from the server's own API answered
 * in process, and the query cache it filled travels in the HTML so that hydration renders the very same
 * markup and fetches none of it again.
 */
import { dehydrate, type QueryClient } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { prerenderToNodeStream } from 'react-dom/static'
import { StaticRouter } from 'react-router'
import { blogPageOf } from '../shared/blog-pages'
import { initialCalendarMonth } from '../shared/calendar-months'
import { DEFAULT_SITE_FONT, isSiteFont } from '../shared/fonts'
import { matchPageRoute, type PageModule } from '../shared/page-routes'
import type { PageQueryState } from '../shared/page-state'
import type { RenderedPage, RenderPageInput } from '../shared/server-renderer'
import { AppProviders, createQueryClient } from './app/providers'
import { AppRoutes } from './app/router'
import { provideSiteConfig } from './app/site-config'
import { DocumentHeadContext } from './app/use-document-title'
import { blogPostQueryOptions, isNotFound } from './features/blog/api/get-blog-post'
import { blogPostsQueryOptions } from './features/blog/api/get-blog-posts'
import { availableMonthsQueryOptions } from './features/calendar/api/get-available-months'
import { calendarMonthQueryOptions } from './features/calendar/api/get-calendar-month'
import { mapIconsQueryOptions } from './features/map-icons/api/get-map-icons'
import { getMedia, mapExampleQueryOptions, mediaQueryOptions } from './features/media/api/get-media'
import { PRIOR_WORK_BLOCKS } from './features/media/components/prior-work-frame'
import { SiteFontSync } from './features/site-font/components/site-font-sync'
import { headingFontStack } from './features/site-font/site-font'
import { setApiFetch } from './lib/api-client'
import { RenderedPartsContext } from './lib/lazy-part'
import { siteSettingsQueryOptions } from './lib/site-settings'

const excerpt = (text: string, max = 160) => {
  const plain = text.replace(/\s+/g, ' ').trim()
  return plain.length <= max ? plain : `${plain.slice(0, max - 1).replace(/\s+\S*$/, '')}…`
}

const decodeEntities = (text: string) =>
  text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

/** The text of the first non-empty paragraph of <main>: the page's own opening line, verbatim. */
function firstParagraph(html: string): string | undefined {
  const main = html.slice(Math.max(0, html.indexOf('<main')))
  for (const match of main.matchAll(/<p\b[^>]*>([\s\S]*?)<\/p>/g)) {
    const text = decodeEntities((match[1] ?? '').replace(/<[^>]*>/g, ''))
      .replace(/\s+/g, ' ')
      .trim()
    if (text) return excerpt(text)
  }
  return undefined
}

function postIdOf(pathname: string): string {
  const segment = pathname.split('/').filter(Boolean)[1] ?? ''
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/**
 * The data each page shows above the fold, under the same query options (keys) its components use.
 * Anything not fetched here (or failed) renders as its loading state, exactly as the browser's first
 * render would, and loads after hydration.
 */
async function prefetch(client: QueryClient, page: PageModule, pathname: string, search: URLSearchParams) {
  const calendar = async () => {
    const [settings, months] = await Promise.allSettled([
      client.fetchQuery(siteSettingsQueryOptions),
      client.fetchQuery(availableMonthsQueryOptions),
    ])
    if (settings.status === 'rejected' || months.status === 'rejected') return
    // The month useDisplayedMonth picks first, from the same two answers.
    const month = initialCalendarMonth({
      defaultMonth: settings.value.defaultMonth ?? null,
      defaultYear: settings.value.defaultYear ?? null,
      availableMonths: months.value.months,
    })
    await client.prefetchQuery(calendarMonthQueryOptions(month))
  }
  // The example's browser query adds a cache-busting parameter for its periodic refetch; the first load
  // needs none (and the read cache would learn a URL per request).
  const mapExample = () =>
    client.prefetchQuery({ ...mapExampleQueryOptions, queryFn: () => getMedia('map_example') })
  const priorWork = () =>
    Promise.all(PRIOR_WORK_BLOCKS.map((block) => client.prefetchQuery(mediaQueryOptions(block.type))))

  // Every page: the site settings (SiteFontSync's font; the calendar's default month) share one answer.
  const settings = client.prefetchQuery(siteSettingsQueryOptions)
  switch (page) {
    case 'public/home-page':
      await Promise.all([calendar(), mapExample(), priorWork()])
      break
    case 'public/calendar-page':
      await calendar()
      break
    case 'public/alternate-landing-page':
      await Promise.all([calendar(), mapExample(), client.prefetchQuery(mapIconsQueryOptions)])
      break
    case 'public/prior-work-page':
      await priorWork()
      break
    case 'public/blog-list-page':
      await client.prefetchQuery(blogPostsQueryOptions(blogPageOf(search.get('page'))))
      break
    case 'public/blog-post-page':
      await client.prefetchQuery(blogPostQueryOptions(postIdOf(pathname)))
      break
    default:
  }
  await settings
}

export async function renderPage({ url, site, fetchApi }: RenderPageInput): Promise<RenderedPage> {
  provideSiteConfig(site)
  setApiFetch(fetchApi)
  const { pathname, searchParams } = new URL(url, 'http://localhost')
  const page = matchPageRoute(pathname)
  const client = createQueryClient()
  client.setDefaultOptions({ queries: { staleTime: 30_000, retry: false } })
  await prefetch(client, page, pathname, searchParams)

  let status: RenderedPage['status'] = page === 'public/not-found-page' ? 404 : 200
  // A failed query renders as loading, as in the browser before its first answer: the HTML must be what
  // hydration renders. A post that does not exist is still a 404 for crawlers.
  for (const query of client.getQueryCache().getAll()) {
    if (query.state.status !== 'error') continue
    if (page === 'public/blog-post-page' && isNotFound(query.state.error)) status = 404
    client.getQueryCache().remove(query)
  }

  const head: { title?: string } = {}
  const lazyParts = new Set<string>()
  const { prelude } = await prerenderToNodeStream(
    <RenderedPartsContext.Provider value={lazyParts}>
      <DocumentHeadContext.Provider value={head}>
        <StrictMode>
          <AppProviders client={client}>
            <SiteFontSync />
            <StaticRouter location={url}>
              <AppRoutes />
            </StaticRouter>
          </AppProviders>
        </StrictMode>
      </DocumentHeadContext.Provider>
    </RenderedPartsContext.Provider>,
    // Every boundary inline: larger ones would otherwise be sent after the shell and moved into place by
    // inline scripts, which our CSP (script-src 'self') forbids.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  )
  let html = ''
  const decoder = new TextDecoder()
  for await (const chunk of prelude)
    html += typeof chunk === 'string' ? chunk : decoder.decode(chunk as Uint8Array, { stream: true })
  html += decoder.decode()

  let description = firstParagraph(html)
  if (page === 'public/blog-post-page') {
    const post = client.getQueryData(blogPostQueryOptions(postIdOf(pathname)).queryKey)
    if (post?.content) description = excerpt(post.content)
  }
  const font = client.getQueryData(siteSettingsQueryOptions.queryKey)?.font
  const siteFont = isSiteFont(font) ? font : DEFAULT_SITE_FONT
  return {
    html,
    status,
    siteFont,
    headingFont: headingFontStack(siteFont),
    title: head.title,
    description,
    queryState: { ...(dehydrate(client) as unknown as PageQueryState), lazyParts: [...lazyParts] },
  }
}

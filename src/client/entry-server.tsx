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
import { decodeEntities } from '#shared/html-entities.ts'
import { blogPageOf } from '../shared/blog-pages'
import { initialCalendarMonth, parseYearMonthKey } from '../shared/calendar-months'
import { DEFAULT_SITE_FONT, isSiteFont } from '../shared/fonts'
import { matchPage, NOT_FOUND_PAGE, type PageData, type PageMatch } from '../shared/page-routes'
import type { RenderedPage, RenderPageInput } from '../shared/server-renderer'
import { AppProviders, createQueryClient } from './app/providers'
import { AppRoutes } from './app/router'
import { provideSiteConfig } from './app/site-config'
import { DocumentHeadContext } from './app/use-document-title'
import { adPageQueryOptions } from './features/ads/api/get-ad-page'
import { artworkPageQueryOptions } from './features/artwork/api/get-artwork-page'
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

type DataContext = {
  client: QueryClient
  params: PageMatch['params']
  search: URLSearchParams
}

/**
 * The calendar as useDisplayedMonth opens it: the settings, the available months and the month it picks
 * (the link's ?month= when that month is for sale).
 */
async function prefetchCalendar({ client, search }: DataContext) {
  const [settings, months] = await Promise.allSettled([
    client.fetchQuery(siteSettingsQueryOptions),
    client.fetchQuery(availableMonthsQueryOptions),
  ])
  if (settings.status === 'rejected' || months.status === 'rejected') return
  const month = initialCalendarMonth({
    defaultMonth: settings.value.defaultMonth ?? null,
    defaultYear: settings.value.defaultYear ?? null,
    availableMonths: months.value.months,
    requested: parseYearMonthKey(search.get('month') ?? ''),
  })
  await client.prefetchQuery(calendarMonthQueryOptions(month))
}

/**
 * Each kind of page data of the manifest (PageData in src/shared/page-routes.ts), fetched under the same
 * query options (keys) its components use.
 */
const PAGE_DATA: Record<PageData, (context: DataContext) => Promise<unknown>> = {
  calendar: prefetchCalendar,
  // The example's browser query adds a cache-busting parameter for its periodic refetch; the first load
  // needs none (and the read cache would learn a URL per request).
  'map-example': ({ client }) =>
    client.prefetchQuery({ ...mapExampleQueryOptions, queryFn: () => getMedia('map_example') }),
  'map-icons': ({ client }) => client.prefetchQuery(mapIconsQueryOptions),
  'prior-work': ({ client }) =>
    Promise.all(PRIOR_WORK_BLOCKS.map((block) => client.prefetchQuery(mediaQueryOptions(block.type)))),
  'blog-list': ({ client, search }) =>
    client.prefetchQuery(blogPostsQueryOptions(blogPageOf(search.get('page')))),
  // Once: an answer that fails is the browser's to retry after hydration.
  'blog-post': ({ client, params }) =>
    client.prefetchQuery({ ...blogPostQueryOptions(params.postId ?? ''), retry: false }),
  artwork: ({ client, params }) =>
    client.prefetchQuery({ ...artworkPageQueryOptions(params.token ?? ''), retry: false }),
  'ad-page': ({ client, params }) =>
    client.prefetchQuery({ ...adPageQueryOptions(params.code ?? ''), retry: false }),
}

/**
 * The data the page shows above the fold. Anything not fetched here (or failed) renders as its loading
 * state, exactly as the browser's first render would, and loads after hydration.
 */
async function prefetch(client: QueryClient, { route, params }: PageMatch, search: URLSearchParams) {
  const data: readonly PageData[] = 'data' in route ? route.data : []
  // Every page: the site settings (SiteFontSync's font; the calendar's default month) share one answer.
  await Promise.all([
    client.prefetchQuery(siteSettingsQueryOptions),
    ...data.map((kind) => PAGE_DATA[kind]({ client, params, search })),
  ])
}

export async function renderPage({ url, site, fetchApi }: RenderPageInput): Promise<RenderedPage> {
  provideSiteConfig(site)
  setApiFetch(fetchApi)
  const { pathname, searchParams } = new URL(url, 'http://localhost')
  const match = matchPage(pathname)
  const client = createQueryClient()
  client.setDefaultOptions({ queries: { staleTime: 30_000, retry: false } })
  await prefetch(client, match, searchParams)

  let status: RenderedPage['status'] = match.route.page === NOT_FOUND_PAGE ? 404 : 200
  let isComplete = true
  // A failed query renders as loading, as in the browser before its first answer: the HTML must be what
  // hydration renders. A page whose subject does not exist (a post, an artwork link) is still a 404.
  for (const query of client.getQueryCache().getAll()) {
    if (query.state.status !== 'error') continue
    if (isNotFound(query.state.error)) status = 404
    else isComplete = false
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
  if (match.params.postId !== undefined) {
    const post = client.getQueryData(blogPostQueryOptions(match.params.postId).queryKey)
    if (post?.content) description = excerpt(post.content)
  }
  const font = client.getQueryData(siteSettingsQueryOptions.queryKey)?.font
  const siteFont = isSiteFont(font) ? font : DEFAULT_SITE_FONT
  return {
    html,
    status,
    isComplete,
    siteFont,
    headingFont: headingFontStack(siteFont),
    title: head.title,
    description,
    queryState: {
      queries: dehydrate(client).queries.map(({ queryKey, state }) => ({
        queryKey,
        state: { data: state.data },
      })),
      lazyParts: [...lazyParts],
    },
  }
}

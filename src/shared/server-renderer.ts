import type { SiteFont } from './fonts.ts'
import type { PageQueryState } from './page-state.ts'
import type { SiteConfig } from './site-config.ts'

/**
 * The contract between the server and the client's server entry (src/client/entry-server.tsx, built into
 * dist/ssr; decision 014). It lives here so that neither side imports the other: the client implements it,
 * the server loads the built file and uses it.
 */
export type RenderPageInput = {
  /** Path and query of the request, e.g. /blog?page=2. */
  url: string
  site: SiteConfig
  /**
   * Answers GET /api/… in process (the server's own app). It never sees the visitor's cookies or headers,
   * and nothing else of the request reaches the renderer: a page is the same for every visitor of its URL.
   */
  fetchApi: (path: string, init: RequestInit) => Promise<Response>
}

export type RenderedPage = {
  /** The markup inside #root. */
  html: string
  status: 200 | 404
  /** False when a query failed and the page shows its loading state instead (it must not be kept). */
  isComplete: boolean
  /** "<Page> | <productName>" as the page sets it in the browser. */
  title: string | undefined
  /** For <meta name="description">: the page's first paragraph, or a blog post's opening text. */
  description: string | undefined
  queryState: PageQueryState
  /** The heading font of the site settings (the default when they could not be read) and its CSS stack. */
  siteFont: SiteFont
  headingFont: string
}

/** The module src/client/entry-server.tsx is: what the server imports from dist/ssr/entry-server.js. */
export type ServerRenderer = {
  renderPage: (input: RenderPageInput) => Promise<RenderedPage>
}

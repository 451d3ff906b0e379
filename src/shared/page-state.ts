/**
 * The id of the JSON data block that carries a server-rendered page's query cache (decision 014). Like the
 * site config (decision 002) it is data, not script, so CSP keeps `script-src 'self'`.
 */
export const QUERY_STATE_ELEMENT_ID = 'query-state'

/**
 * What the block holds: the answers of @tanstack/query-core's dehydrate() output, without its times (when
 * the server fetched them): a kept page is as current as the catalogue when it is sent (the render cache,
 * src/server/http/page-cache.ts), so the browser counts its data as fetched when the page arrived; and
 * without them two renders of one state are the same bytes.
 */
export type PageQueryState = {
  queries: { queryKey: readonly unknown[]; state: { data: unknown } }[]
  /** The lazy parts (src/client/lib/lazy-part.tsx) the server rendered: loaded before hydrating. */
  lazyParts?: string[]
}

/**
 * The id of the JSON data block that carries a server-rendered page's query cache (decision 014). Like the
 * site config (decision 002) it is data, not script, so CSP keeps `script-src 'self'`.
 */
export const QUERY_STATE_ELEMENT_ID = 'query-state'

/** What the block holds: @tanstack/query-core's dehydrate() output, of which the client reads these fields. */
export type PageQueryState = {
  queries: { queryKey: readonly unknown[]; state: { data: unknown; dataUpdatedAt: number } }[]
  /** The lazy parts (src/client/lib/lazy-part.tsx) the server rendered: loaded before hydrating. */
  lazyParts?: string[]
}

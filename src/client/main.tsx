import './styles.css'
import type { QueryClient } from '@tanstack/react-query'
import { StrictMode, startTransition, useEffect } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { type PageQueryState, QUERY_STATE_ELEMENT_ID } from '../shared/page-state'
import { AppProviders, createQueryClient } from './app/providers'
import { AppRouter } from './app/router'
import { SiteFontSync } from './features/site-font/components/site-font-sync'
import { applySiteFont, readCachedSiteFont } from './features/site-font/site-font'
import { loadRenderedParts } from './lib/lazy-part'

// The cached heading font applies before React renders, so the first paint uses it. A
// server-rendered page already names the server's font (<html data-site-font>) and paints with it.
if (!document.documentElement.dataset.siteFont) void applySiteFont(readCachedSiteFont())

const root = document.getElementById('root')
if (!root) throw new Error('Missing #root element')

const app = (client?: QueryClient) => (
  <StrictMode>
    <AppProviders client={client}>
      <SiteFontSync />
      <AppRouter />
      <PageReady />
    </AppProviders>
  </StrictMode>
)

/**
 * A public page comes server-rendered with the data it showed (decision 014): the query cache starts with
 * that data, so hydration renders exactly the server's HTML and asks for none of it again. Only the fields
 * we need are read (not @tanstack's hydrate(), which would add bytes to every page). The data counts as
 * fetched now: the page was current when the server sent it, even one it kept (page-state.ts).
 */
function serverPageState(): { client: QueryClient; lazyParts: string[] } | undefined {
  const block = document.getElementById(QUERY_STATE_ELEMENT_ID)
  if (!block) return undefined
  const client = createQueryClient()
  let lazyParts: string[] = []
  try {
    const state = JSON.parse(block.textContent ?? '') as PageQueryState
    for (const { queryKey, state: query } of state.queries) client.setQueryData(queryKey, query.data)
    lazyParts = state.lazyParts ?? []
  } catch {
    console.error('Invalid query state JSON; fetching instead')
  }
  return { client, lazyParts }
}

/**
 * `<html data-hydrated>` once the page works (hydrated or rendered): browser tests wait for it after
 * opening a page, and a hydration mismatch is marked too (`data-hydration-error`), so a test can see it.
 */
function PageReady() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = ''
  }, [])
  return null
}

const onRecoverableError = (error: unknown) => {
  document.documentElement.dataset.hydrationError = ''
  console.error(error)
}

// Both run in a transition: React then yields to the browser every few milliseconds instead of blocking
// the main thread for the whole tree (Lighthouse's Total Blocking Time; docs/benchmarks.md). Hydration
// keeps the server's HTML on screen meanwhile.
const server = serverPageState()
if (server) {
  // Every lazy part the server rendered is loaded first (its chunks were modulepreloaded with the page), so
  // the whole page hydrates in one pass with nothing left waiting for code (lazy-part.tsx, decision 014).
  void loadRenderedParts(server.lazyParts).then(() =>
    startTransition(() => void hydrateRoot(root, app(server.client), { onRecoverableError })),
  )
} else {
  const reactRoot = createRoot(root)
  startTransition(() => reactRoot.render(app()))
}

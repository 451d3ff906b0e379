import './styles.css'
import type { QueryClient } from '@tanstack/react-query'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { type PageQueryState, QUERY_STATE_ELEMENT_ID } from '../shared/page-state'
import { AppProviders, createQueryClient } from './app/providers'
import { AppRouter } from './app/router'
import { SiteFontSync } from './features/site-font/components/site-font-sync'
import { applySiteFont, readCachedSiteFont } from './features/site-font/site-font'

// Spec section 9: the cached heading font applies before React renders, so the first paint uses it. A
// server-rendered page already names the server's font (<html data-site-font>) and paints with it.
if (!document.documentElement.dataset.siteFont) void applySiteFont(readCachedSiteFont())

const root = document.getElementById('root')
if (!root) throw new Error('Missing #root element')

const app = (client?: QueryClient) => (
  <StrictMode>
    <AppProviders client={client}>
      <SiteFontSync />
      <AppRouter />
    </AppProviders>
  </StrictMode>
)

/**
 * A public page comes server-rendered with the data it showed (decision 014): the query cache starts with
 * that data, so hydration renders exactly the server's HTML and asks for none of it again. Only the fields
 * we need are read (not @tanstack's hydrate(), which would add bytes to every page).
 */
function serverQueryClient(): QueryClient | undefined {
  const block = document.getElementById(QUERY_STATE_ELEMENT_ID)
  if (!block) return undefined
  const client = createQueryClient()
  try {
    const state = JSON.parse(block.textContent ?? '') as PageQueryState
    for (const { queryKey, state: query } of state.queries)
      client.setQueryData(queryKey, query.data, { updatedAt: query.dataUpdatedAt })
  } catch {
    console.error('Invalid query state JSON; fetching instead')
  }
  return client
}

// Both run in a transition: React then yields to the browser every few milliseconds instead of blocking
// the main thread for the whole tree (Lighthouse's Total Blocking Time; docs/benchmarks.md). Hydration
// keeps the server's HTML on screen meanwhile, and each lazy part hydrates when its chunk arrives.
const client = serverQueryClient()
if (client) {
  // The page's chunks (the modulepreloads the server wrote for it) are evaluated before hydrating, so its
  // lazy page is there at once: a dehydrated page boundary that receives an update (the session check's
  // answer changes the auth context) before its chunk arrived would be rendered again from scratch,
  // replacing the server's HTML (decision 014).
  const chunks = [...document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')]
  void Promise.allSettled(chunks.map((link) => import(/* @vite-ignore */ link.href))).then(() =>
    startTransition(() => void hydrateRoot(root, app(client))),
  )
} else {
  const reactRoot = createRoot(root)
  startTransition(() => reactRoot.render(app()))
}

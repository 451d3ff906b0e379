import './styles.css'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { AppProviders } from './app/providers'
import { AppRouter } from './app/router'
import { SiteFontSync } from './features/site-font/components/site-font-sync'
import { applySiteFont, readCachedSiteFont } from './features/site-font/site-font'

// Spec section 9: the cached heading font applies before React renders, so the first paint uses it.
void applySiteFont(readCachedSiteFont())

const root = document.getElementById('root')
if (!root) throw new Error('Missing #root element')

// The first render runs in a transition: React then yields to the browser every few milliseconds instead
// of blocking the main thread for the whole tree (Lighthouse's Total Blocking Time fell from ~250 ms to
// ~150 ms on mobile; docs/benchmarks.md). Nothing is on screen before it, so there is nothing to keep.
const reactRoot = createRoot(root)
startTransition(() =>
  reactRoot.render(
    <StrictMode>
      <AppProviders>
        <SiteFontSync />
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  ),
)

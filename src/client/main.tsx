import './styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { AppProviders } from './app/providers'
import { AppRouter } from './app/router'
import { SiteFontSync } from './features/site-font/components/site-font-sync'
import { applySiteFont, readCachedSiteFont } from './features/site-font/site-font'

// Spec section 9: the cached heading font applies before React renders, so the first paint uses it.
void applySiteFont(readCachedSiteFont())

const root = document.getElementById('root')
if (!root) throw new Error('Missing #root element')

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <SiteFontSync />
      <AppRouter />
    </AppProviders>
  </StrictMode>,
)

import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AD_PAGE_TEXTS } from '#shared/ad-page-texts.ts'
import type { AdPageDto } from '#shared/short-links.ts'
import { AdPage } from './ad-page'

const AD: AdPageDto = {
  code: 'k7m4qx2',
  businessName: 'Harbor Bakery',
  phone: '(555) 555-0123',
  website: 'https://www.harbor.example/menu',
  logoPath: '/api/ads/k7m4qx2/logo',
  seenIn: 'as seen in the January 2027 postcard',
}

function renderPage(answer: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer),
  )
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/ads/${AD.code}`]}>
        <Routes>
          <Route path="/ads/:code" element={<AdPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('AdPage', () => {
  it('shows the business as the heading, its logo, a phone link, its website and the postcard it was in', async () => {
    renderPage(Response.json(AD))
    expect(await screen.findByRole('heading', { level: 1, name: AD.businessName })).toBeTruthy()
    expect(screen.getByRole('img', { name: 'Harbor Bakery logo' }).getAttribute('src')).toBe(AD.logoPath)
    expect(screen.getByRole('link', { name: AD.phone ?? '' }).getAttribute('href')).toBe('tel:5555550123')
    expect(screen.getByRole('link', { name: 'www.harbor.example/menu' }).getAttribute('href')).toBe(
      AD.website,
    )
    expect(screen.getByText(AD.seenIn)).toBeTruthy()
  })

  it('leaves out what the advertiser has not given', async () => {
    renderPage(Response.json({ ...AD, logoPath: null, phone: null, website: null }))
    expect(await screen.findByRole('heading', { level: 1, name: AD.businessName })).toBeTruthy()
    expect(screen.queryByRole('img')).toBeNull()
    expect(screen.queryByRole('link')).toBeNull()
  })

  it('says a link that is no longer active is so, and leads home', async () => {
    renderPage(Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 }))
    expect(await screen.findByRole('heading', { level: 1, name: AD_PAGE_TEXTS.notFound })).toBeTruthy()
    expect(screen.getByRole('link', { name: AD_PAGE_TEXTS.home }).getAttribute('href')).toBe('/')
  })
})

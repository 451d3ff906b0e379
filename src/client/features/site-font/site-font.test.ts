import { afterEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_SITE_FONT, SITE_FONT_STORAGE_KEY } from '#shared/fonts.ts'
import { applySiteFont, headingFontStack, readCachedSiteFont } from './site-font'

vi.mock('./font-stylesheets', () => ({ loadFontStylesheet: vi.fn(() => Promise.resolve()) }))

describe('site font', () => {
  afterEach(() => {
    localStorage.clear()
    document.documentElement.removeAttribute('style')
  })

  it('reads the cached font and falls back to Neucha for nothing or an unknown value', () => {
    expect(readCachedSiteFont()).toBe(DEFAULT_SITE_FONT)
    localStorage.setItem(SITE_FONT_STORAGE_KEY, 'Wingdings')
    expect(readCachedSiteFont()).toBe('Neucha')
    localStorage.setItem(SITE_FONT_STORAGE_KEY, 'Roboto Slab')
    expect(readCachedSiteFont()).toBe('Roboto Slab')
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError')
      },
    }
    expect(readCachedSiteFont(blocked)).toBe('Neucha')
  })

  it('points headings at the font, caches it and loads only its stylesheet', async () => {
    const { loadFontStylesheet } = await import('./font-stylesheets')
    await applySiteFont('Playfair Display')
    expect(document.documentElement.style.getPropertyValue('--font-heading')).toBe(
      headingFontStack('Playfair Display'),
    )
    expect(localStorage.getItem(SITE_FONT_STORAGE_KEY)).toBe('Playfair Display')
    expect(loadFontStylesheet).toHaveBeenCalledWith('Playfair Display')
    expect(loadFontStylesheet).toHaveBeenCalledTimes(1)
  })
})

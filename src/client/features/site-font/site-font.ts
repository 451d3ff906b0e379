/**
 * The heading font: the server setting decides, localStorage caches it so the first
 * paint (before any request) already uses the right font. Headings read the CSS variable --font-heading.
 */
import { DEFAULT_SITE_FONT, isSiteFont, SITE_FONT_STORAGE_KEY, type SiteFont } from '#shared/fonts.ts'

/** Fallbacks in the same style as each font, so a slow font file does not change the look much. */
const FALLBACKS: Record<SiteFont, string> = {
  Neucha: 'ui-sans-serif, system-ui, sans-serif',
  Poppins: 'ui-sans-serif, system-ui, sans-serif',
  'Playfair Display': 'ui-serif, Georgia, serif',
  'Roboto Slab': 'ui-serif, Georgia, serif',
  'Comic Neue': '"Comic Sans MS", ui-sans-serif, sans-serif',
  'Dancing Script': 'cursive',
}

export function headingFontStack(font: SiteFont): string {
  return `"${font}", ${FALLBACKS[font]}`
}

/** The cached choice, or the default when nothing (or something unknown) is stored or storage is blocked. */
export function readCachedSiteFont(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): SiteFont {
  try {
    const value = storage?.getItem(SITE_FONT_STORAGE_KEY)
    return isSiteFont(value) ? value : DEFAULT_SITE_FONT
  } catch {
    return DEFAULT_SITE_FONT
  }
}

function cacheSiteFont(font: SiteFont) {
  try {
    localStorage.setItem(SITE_FONT_STORAGE_KEY, font)
  } catch {
    // Private mode or full storage: the font still applies, only the next first paint may differ.
  }
}

/** Loads the font's stylesheet, points headings at it and remembers the choice. */
export function applySiteFont(
  font: SiteFont,
  root: HTMLElement = document.documentElement,
): Promise<unknown> {
  root.style.setProperty('--font-heading', headingFontStack(font))
  root.dataset.siteFont = font
  cacheSiteFont(font)
  // The table of the fonts' stylesheets is a chunk of its own (~0.3 KB gzip off every page's entry): the
  // stylesheet is fetched after the first paint either way, and a server-rendered page has its font inline.
  return import('./font-stylesheets').then(({ loadFontStylesheet }) => loadFontStylesheet(font))
}

/** The site font choices, applied to headings; Neucha is the default. */
export const SITE_FONTS = [
  'Neucha',
  'Poppins',
  'Playfair Display',
  'Roboto Slab',
  'Comic Neue',
  'Dancing Script',
] as const
export type SiteFont = (typeof SITE_FONTS)[number]
export const DEFAULT_SITE_FONT: SiteFont = 'Neucha'
/** The local cache key, so the first paint already uses the chosen font. */
export const SITE_FONT_STORAGE_KEY = 'site-font'

export function isSiteFont(value: unknown): value is SiteFont {
  return typeof value === 'string' && (SITE_FONTS as readonly string[]).includes(value)
}

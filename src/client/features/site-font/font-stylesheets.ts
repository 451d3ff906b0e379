import type { SiteFont } from '#shared/fonts.ts'

/**
 * One dynamic import per font, so a page downloads only the chosen font's @font-face rules (and the
 * browser fetches only the files headings actually use). Latin subset, regular and bold only.
 */
const stylesheets: Record<SiteFont, () => Promise<unknown>> = {
  Neucha: () => import('@fontsource/neucha/latin-400.css'),
  Poppins: () =>
    Promise.all([import('@fontsource/poppins/latin-400.css'), import('@fontsource/poppins/latin-700.css')]),
  'Playfair Display': () =>
    Promise.all([
      import('@fontsource/playfair-display/latin-400.css'),
      import('@fontsource/playfair-display/latin-700.css'),
    ]),
  'Roboto Slab': () =>
    Promise.all([
      import('@fontsource/roboto-slab/latin-400.css'),
      import('@fontsource/roboto-slab/latin-700.css'),
    ]),
  'Comic Neue': () =>
    Promise.all([
      import('@fontsource/comic-neue/latin-400.css'),
      import('@fontsource/comic-neue/latin-700.css'),
    ]),
  'Dancing Script': () =>
    Promise.all([
      import('@fontsource/dancing-script/latin-400.css'),
      import('@fontsource/dancing-script/latin-700.css'),
    ]),
}

const loaded = new Map<SiteFont, Promise<unknown>>()

/**
 * A server-rendered page already carries its font's @font-face rules (with font-display: optional): adding
 * the stylesheet's own rules (font-display: swap) would swap its headings once the file arrives, a layout
 * shift, so the font the page came with is not loaded again.
 */
function inlinedInPage(font: SiteFont): boolean {
  return (
    typeof document !== 'undefined' &&
    document.querySelector(`style[data-site-font-faces="${font}"]`) !== null
  )
}

export function loadFontStylesheet(font: SiteFont): Promise<unknown> {
  if (inlinedInPage(font)) return Promise.resolve()
  let pending = loaded.get(font)
  if (!pending) {
    pending = stylesheets[font]().catch((error: unknown) => {
      // A failed chunk leaves the fallback stack in place; allow a later retry.
      loaded.delete(font)
      console.error(`Could not load the ${font} font`, error)
    })
    loaded.set(font, pending)
  }
  return pending
}

// Debian's Chromium, never a downloaded browser, started with the flags this machine's closed network
// needs (without the background-networking ones Chromium keeps trying to reach Google's hosts).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium'

/**
 * The browser tests' Chromium: Debian's headless shell (package chromium-headless-shell, built from the same
 * Chromium source and version as the chromium package), the browser Playwright itself runs headless. Full
 * Chromium in its headless mode also runs the browser's own interface pages; the shell does not, and the
 * browser tests took a third less time in it (decision 028). Lighthouse keeps full Chromium (CHROMIUM_PATH).
 */
export const BROWSER_TEST_CHROMIUM_PATH =
  process.env.BROWSER_TEST_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell'

/** Flags for every headless run; Playwright and Lighthouse add their own `--headless` form. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

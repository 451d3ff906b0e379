// Debian's Chromium, never a downloaded browser, started with the flags this machine's closed network
// needs (without the background-networking ones Chromium keeps trying to reach Google's hosts).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium'

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

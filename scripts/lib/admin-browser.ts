// The built server on a bench database and a Chromium page signed in as its administrator: the start of
// every bench that times an admin screen in a real browser.
import { type Browser, chromium, type Page } from 'playwright-core'
import { type RunningServer, startBuiltServer } from './built-server.ts'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts'

export type AdminBrowser = { server: RunningServer; browser: Browser; page: Page; close: () => Promise<void> }

export async function openAdminBrowser(options: {
  label: string
  databaseUrl: string
  authSecret: string
  admin: { email: string; password: string }
}): Promise<AdminBrowser> {
  const server = await startBuiltServer({
    label: options.label,
    admin: options.admin,
    env: { DATABASE_URL: options.databaseUrl, BETTER_AUTH_SECRET: options.authSecret },
  })
  const close = async (browser?: Browser) => {
    await browser?.close()
    await server.stop()
  }
  let browser: Browser | undefined
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await page.goto('/')
    const signIn = await page.evaluate(async (credentials) => {
      const response = await fetch('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(credentials),
      })
      return response.status
    }, options.admin)
    if (signIn !== 200) throw new Error(`browser sign-in answered ${signIn}`)
    const opened = browser
    return { server, browser: opened, page, close: () => close(opened) }
  } catch (error) {
    await close(browser)
    throw error
  }
}

import { defineConfig, devices } from '@playwright/test'
import { BROWSER_TEST_CHROMIUM_PATH, CHROMIUM_FLAGS } from './scripts/lib/chromium.ts'

/**
 * Browser tests drive Debian's Chromium headless shell (never a downloaded browser; scripts/lib/chromium.ts)
 * against the built app, started by e2e/global-setup.ts on free ports with fresh DATA_DIRs: one site for the storefront specs (E2E_BASE_URL)
 * and one for the admin specs (E2E_ADMIN_BASE_URL), whose changes every visitor would see.
 */
const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: BROWSER_TEST_CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  },
}

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // A trace records every action's DOM and a screenshot: a seventh of the stage's time when kept for every
  // test. CI retries a failed test once, and that retry records one.
  use: { trace: 'on-first-retry', ...chromium },
  projects: [
    { name: 'storefront', testIgnore: /admin-.*\.spec\.ts/, use: { baseURL: process.env.E2E_BASE_URL } },
    { name: 'admin', testMatch: /admin-.*\.spec\.ts/, use: { baseURL: process.env.E2E_ADMIN_BASE_URL } },
  ],
})

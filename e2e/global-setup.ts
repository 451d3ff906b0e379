import { assertClientBuilt, startBuiltServer } from '../scripts/lib/built-server.ts'
import { E2E_ADMIN } from './fixtures.ts'

/**
 * Two servers: the admin journeys change what every visitor sees (months, media, the font), so they get
 * their own site and the storefront specs keep the seeded one (playwright.config.ts picks by project).
 * Each is a built app on its own fresh data folder, with an administrator made by the CLI.
 */
const E2E_SERVER_ENV = {
  AUTH_SIGN_INS_PER_15_MIN: '1000',
  // Every spec checks out from this one machine, often as the same buyer: no hold limits per address.
  CHECKOUT_MAX_OPEN_PER_CLIENT: '0',
  CHECKOUT_MAX_HELD_DAYS_PER_CLIENT: '0',
}

export default async function globalSetup() {
  assertClientBuilt()
  const [storefront, admin] = await Promise.all([
    // Every spec signs in from this one machine: more than the 30 sign-ins per address a real site allows.
    startBuiltServer({ admin: E2E_ADMIN, label: 'townflyer-e2e', env: E2E_SERVER_ENV }),
    startBuiltServer({ admin: E2E_ADMIN, label: 'townflyer-e2e', env: E2E_SERVER_ENV }),
  ])
  process.env.E2E_BASE_URL = storefront.url
  process.env.E2E_ADMIN_BASE_URL = admin.url
  return async () => {
    await Promise.all([storefront.stop(), admin.stop()])
  }
}

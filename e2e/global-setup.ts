import { assertClientBuilt, startBuiltServer } from '../scripts/lib/built-server.ts'
import { E2E_ADMIN } from './fixtures.ts'

/**
 * Two servers: the admin journeys change what every visitor sees (months, media, the font), so they get
 * their own site and the storefront specs keep the seeded one (playwright.config.ts picks by project).
 * Each is a built app on its own fresh data folder, with an administrator made by the CLI.
 */
export default async function globalSetup() {
  assertClientBuilt()
  const [storefront, admin] = await Promise.all([
    startBuiltServer({ admin: E2E_ADMIN, label: 'townflyer-e2e' }),
    startBuiltServer({ admin: E2E_ADMIN, label: 'townflyer-e2e' }),
  ])
  process.env.E2E_BASE_URL = storefront.url
  process.env.E2E_ADMIN_BASE_URL = admin.url
  return async () => {
    await Promise.all([storefront.stop(), admin.stop()])
  }
}

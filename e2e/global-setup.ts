import fs from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { assertClientBuilt, startBuiltServer } from '../scripts/lib/built-server.ts'
import { CLAIMS_DIR_ENV, E2E_ADMIN } from './fixtures.ts'
import { MAIL_DIR_ENV, startMailCapture } from './mail-capture.ts'

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

/** A port free now, for a server whose own address must be known before it starts (its PUBLIC_URL). */
async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, () => resolve()))
  const { port } = probe.address() as { port: number }
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

export default async function globalSetup() {
  assertClientBuilt()
  // The storefront's e-mails go over SMTP to a capture the specs read (e2e/mail-capture.ts): a buyer's
  // sign-in link is opened from the message as it was sent. The admin site keeps no SMTP_URL: its specs
  // check what the admin area says while e-mail is not set up.
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-e2e-mail-'))
  const claimsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-e2e-claims-'))
  process.env[CLAIMS_DIR_ENV] = claimsDir
  // What a claim links to (e2e/storefront-helpers.ts): one file per way of using a day, saying which.
  for (const mode of ['take', 'look']) fs.writeFileSync(path.join(claimsDir, `${mode}.mode`), mode)
  const mail = await startMailCapture(mailDir)
  process.env[MAIL_DIR_ENV] = mailDir
  // Links in e-mails, and better-auth's redirect after a sign-in link, are made from PUBLIC_URL (without it,
  // from PORT, which is 0 here): the storefront gets its real address.
  const port = await freePort()
  const storefrontEnv = {
    ...E2E_SERVER_ENV,
    SMTP_URL: mail.url,
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
  }
  const [storefront, admin] = await Promise.all([
    // Every spec signs in from this one machine: more than the 30 sign-ins per address a real site allows.
    startBuiltServer({ admin: E2E_ADMIN, label: 'townflyer-e2e', env: storefrontEnv }),
    startBuiltServer({ admin: E2E_ADMIN, label: 'townflyer-e2e', env: E2E_SERVER_ENV }),
  ]).catch(async (error: unknown) => {
    await mail.close()
    fs.rmSync(mailDir, { recursive: true, force: true })
    fs.rmSync(claimsDir, { recursive: true, force: true })
    throw error
  })
  process.env.E2E_BASE_URL = storefront.url
  process.env.E2E_ADMIN_BASE_URL = admin.url
  return async () => {
    await Promise.all([storefront.stop(), admin.stop()])
    await mail.close()
    fs.rmSync(mailDir, { recursive: true, force: true })
    fs.rmSync(claimsDir, { recursive: true, force: true })
  }
}

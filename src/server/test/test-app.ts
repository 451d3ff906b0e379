import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { hashPassword } from 'better-auth/crypto'
import { createApp } from '../app.ts'
import { prepareApp } from '../bootstrap.ts'
import type { Database } from '../db/client.ts'
import { account, user } from '../db/schema.ts'
import { loadConfig, type ServerConfig } from '../env.ts'
import { ensureAdmin } from '../features/auth/auth.service.ts'
import type { AppDeps } from '../http/app-env.ts'
import { createLogger, type Logger } from '../lib/logger.ts'
import { openTestDatabase } from './test-database.ts'

export const TEST_ORIGIN = 'http://localhost:3000'
export const ADMIN = { email: 'admin@example.com', password: 'admin-password-123' }
export const MEMBER = { email: 'member@example.com', password: 'member-password-123' }

export function testConfig(env: Record<string, string> = {}): ServerConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    TRUST_PROXY: 'true',
    BETTER_AUTH_SECRET: 'test-secret-that-is-at-least-32-characters-long',
    ...env,
  })
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>

/**
 * A real app on a fresh copy of the migrated template database and a temporary DATA_DIR (media are
 * stored in its media/ folder; close() removes it). Requests go through app.request() with a
 * same-origin Origin header and a fixed client address (X-Forwarded-For, trusted in tests).
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>
    database?: Database
    /** The built client's folder and the server renderer, for tests of the pages themselves. */
    pages?: Pick<AppDeps, 'clientDir' | 'loadRenderer'>
    /** For tests of what is logged; silent otherwise. */
    logger?: Logger
  } = {},
) {
  const database = options.database ?? (await openTestDatabase())
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-data-'))
  const config = testConfig({ DATA_DIR: dataDir, ...options.env })
  const deps = await prepareApp(database, config, options.logger ?? createLogger('silent'), {
    migrate: false,
  })
  const app = createApp({ ...deps, ...options.pages })
  const db = database.db

  async function request(
    path: string,
    init: RequestInit & { json?: unknown; cookie?: string; ip?: string } = {},
  ) {
    const { json, cookie, ip, ...rest } = init
    const headers = new Headers(rest.headers)
    if (!headers.has('origin')) headers.set('origin', TEST_ORIGIN)
    headers.set('x-forwarded-for', ip ?? '203.0.113.10')
    if (cookie) headers.set('cookie', cookie)
    if (json !== undefined) headers.set('content-type', 'application/json')
    return app.request(`${TEST_ORIGIN}${path}`, {
      ...rest,
      headers,
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    })
  }

  /** Signs in and returns the Cookie header value for later requests. */
  async function signIn(credentials: { email: string; password: string }): Promise<string> {
    const response = await request('/api/auth/sign-in/email', { method: 'POST', json: credentials })
    if (response.status !== 200)
      throw new Error(`sign-in failed: ${response.status} ${await response.text()}`)
    return response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
  }

  async function createAdmin(credentials = ADMIN) {
    return ensureAdmin(db, credentials)
  }

  /** A signed-up user without any role (there is no public sign-up, so tests insert one). */
  async function createMember(credentials = MEMBER) {
    const id = randomUUID()
    await db.insert(user).values({ id, name: 'Member', email: credentials.email, emailVerified: true })
    await db.insert(account).values({
      id: randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: await hashPassword(credentials.password),
    })
    return id
  }

  return {
    app,
    deps,
    database,
    db,
    request,
    signIn,
    createAdmin,
    createMember,
    dataDir,
    close: async () => {
      try {
        await database.close()
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true })
      }
    },
  }
}

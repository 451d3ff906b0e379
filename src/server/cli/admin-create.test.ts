// @engines pglite postgres
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openDatabase } from '../db/client.ts'
import { userRoles } from '../db/schema.ts'
import { holdLockInChild } from '../test/hold-lock.ts'
import { createTestApp } from '../test/test-app.ts'
import { createPgliteTestFolder, createPostgresTestDatabase, testEngine } from '../test/test-database.ts'
import { runAdminCreate } from './admin-create.ts'

// The CLI works on a stopped PGlite folder or on PostgreSQL; here it gets whichever engine this run tests.
let env: Record<string, string>
let cleanup: () => Promise<void>
beforeAll(async () => {
  if (testEngine === 'postgres') {
    const created = await createPostgresTestDatabase()
    env = { DATABASE_URL: created.url }
    cleanup = created.drop
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-cli-'))
    await createPgliteTestFolder(dir)
    env = { DATA_DIR: dir }
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true })
  }
})
afterAll(() => cleanup())

function captureOutput() {
  const out: string[] = []
  const log = vi.spyOn(console, 'log').mockImplementation((...a) => void out.push(a.join(' ')))
  const error = vi.spyOn(console, 'error').mockImplementation((...a) => void out.push(a.join(' ')))
  return {
    text: () => out.join('\n'),
    restore: () => {
      log.mockRestore()
      error.mockRestore()
    },
  }
}

async function run(args: string[]) {
  const output = captureOutput()
  try {
    const code = await runAdminCreate(args, env)
    return { code, text: output.text() }
  } finally {
    output.restore()
  }
}

async function canSignIn(email: string, password: string) {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? '' })
  const t = await createTestApp({ database })
  try {
    const response = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } })
    const me = response.ok
      ? await (await t.request('/api/me', { cookie: await t.signIn({ email, password }) })).json()
      : null
    return { status: response.status, isAdmin: me?.isAdmin ?? false }
  } finally {
    await t.close()
  }
}

describe('npm run admin:create', () => {
  it('refuses short passwords and missing arguments with a clear message, writing nothing', async () => {
    const short = await run(['--email', 'boss@example.com', '--password', 'elevenchars'])
    expect(short.code).toBe(2)
    expect(short.text).toContain('Password must be at least 12 characters long.')
    const missing = await run(['--email', 'boss@example.com'])
    expect(missing.code).toBe(2)
    expect(missing.text).toContain('Missing --password.')
    const badEmail = await run(['--email', 'boss', '--password', 'long-enough-password'])
    expect(badEmail.code).toBe(2)
    expect((await canSignIn('boss@example.com', 'elevenchars')).status).toBe(401)
  })

  it('creates an administrator who can sign in, then resets the password', async () => {
    const created = await run(['--email', 'Boss@Example.com', '--password', 'first-long-password'])
    expect(created.code).toBe(0)
    expect(created.text).toContain('Administrator Boss@Example.com created')
    expect(await canSignIn('boss@example.com', 'first-long-password')).toEqual({ status: 200, isAdmin: true })

    const reset = await run(['--email', 'boss@example.com', '--password', 'second-long-password'])
    expect(reset.code).toBe(0)
    expect(reset.text).toContain('Password reset')
    expect((await canSignIn('boss@example.com', 'first-long-password')).status).toBe(401)
    expect(await canSignIn('boss@example.com', 'second-long-password')).toEqual({
      status: 200,
      isAdmin: true,
    })

    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? '' })
    const roles = await database.db.select().from(userRoles).where(eq(userRoles.role, 'admin'))
    await database.close()
    expect(roles).toHaveLength(1)
  })

  it.skipIf(testEngine === 'postgres')(
    'says how to proceed when a server holds the PGlite folder',
    async () => {
      const child = await holdLockInChild(env.DATA_DIR as string)
      try {
        const result = await run(['--email', 'other@example.com', '--password', 'another-long-password'])
        expect(result.code).toBe(1)
        expect(result.text).toContain(`in use by a running Townflyer server (pid ${child.pid})`)
        expect(result.text).toContain('ADMIN_EMAIL and ADMIN_PASSWORD')
      } finally {
        child.kill('SIGKILL')
        await new Promise((resolve) => child.on('exit', resolve))
      }
    },
  )
})

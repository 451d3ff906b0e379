import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openPostgres, pgliteExtensions, wrapPglite } from '../db/client.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
    postgresTemplate: string
  }
}

/**
 * Migrates one database per run and hands it to every test file as a template: a PGlite data dump
 * (loading one costs ~0.6 s, a fresh init ~5 s) or a PostgreSQL template database.
 */
export default async function setup(project: TestProject) {
  // Runs in the main process, where the project's env (TEST_ENGINE) is not set: go by the project's name.
  if (project.name === 'integration-postgres') return setupPostgres(project)
  return setupPglite(project)
}

async function setupPglite(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-template-'))
  const client = await PGlite.create({ extensions: pgliteExtensions })
  await wrapPglite(client).migrate()
  const dump = await client.dumpDataDir('none')
  await client.close()
  const file = path.join(dir, 'template.tar')
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  project.provide('pgliteTemplate', file)
  return () => fs.rmSync(dir, { recursive: true, force: true })
}

async function setupPostgres(project: TestProject) {
  const baseUrl = process.env.TEST_DATABASE_URL
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is required for the postgres test engine')
  const name = `townflyer_tpl_${process.pid}_${Date.now()}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}"`)
  const template = openPostgres(withDatabase(baseUrl, name), { max: 1 })
  await template.migrate()
  await template.close()
  project.provide('postgresTemplate', name)
  return async () => {
    const leftovers = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`,
      [name, `townflyer_t_${process.pid}_%`],
    )
    for (const row of leftovers.rows)
      await admin.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`)
    await admin.end()
  }
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}

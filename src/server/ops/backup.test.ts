// @engines pglite
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buyAndPayDays,
  openMonthWithDays,
  pdfBytes,
  pngBytes,
  uploadArtworkFile,
} from '#server/test/artwork-test-helpers.ts'
import { type Database, openPglite, openPostgres } from '../db/client.ts'
import { createLocalStorage } from '../lib/storage/local-storage.ts'
import { createS3Storage } from '../lib/storage/s3-storage.ts'
import { withDatabase } from '../test/global-setup.ts'
import { ADMIN, createTestApp } from '../test/test-app.ts'
import { createPgliteTestFolder, createPostgresTestDatabase, testEngine } from '../test/test-database.ts'
import { restoreBackup } from './backup.ts'

/**
 * npm run backup / npm run restore: a used site (orders, artwork as PDF and PNG, a media image) is backed
 * up with the command, restored with the command into a new data folder or database and new storage, and
 * a server on the restored copy serves the same files. Local storage and S3 (s3rver), on this project's
 * engine.
 */
const root = path.resolve(import.meta.dirname, '../../..')
const run = promisify(execFile)
const pgUrl = process.env.TEST_DATABASE_URL as string

let work: string
let s3: { run: () => Promise<AddressInfo>; close: () => Promise<void> }
let s3Endpoint: string
const dropDatabases: (() => Promise<void>)[] = []

const s3Env = (bucket: string) => ({
  S3_BUCKET: bucket,
  S3_ENDPOINT: s3Endpoint,
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: 'true',
})
const noS3 = { S3_BUCKET: '', S3_ENDPOINT: '', S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '' }

function s3Storage(bucket: string) {
  return createS3Storage({
    bucket,
    endpoint: s3Endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
  })
}

function cli(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return run(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...noS3, ...env },
  })
}

/** A new, empty PostgreSQL database (not even migrated), dropped after the file. */
async function emptyPostgresDatabase(): Promise<string> {
  const name = `townflyer_t_${process.ppid}_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: pgUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}"`).finally(() => admin.end())
  dropDatabases.push(async () => {
    const dropper = new pg.Client({ connectionString: pgUrl })
    await dropper.connect()
    await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => dropper.end())
  })
  return withDatabase(pgUrl, name)
}

/** Where a site's database is: a data folder (PGlite) or a database URL, as the commands take it. */
type Site = { dataDir: string; databaseUrl?: string }
const dbArgs = (site: Site) =>
  site.databaseUrl ? ['--database-url', site.databaseUrl] : ['--data-dir', site.dataDir]
const openSite = (site: Site): Promise<Database> =>
  site.databaseUrl ? Promise.resolve(openPostgres(site.databaseUrl, { max: 2 })) : openPglite(site.dataDir)

/** A used site on this project's engine, its files in `env`'s storage. */
async function newSourceSite(name: string): Promise<Site> {
  const dataDir = path.join(work, name)
  fs.mkdirSync(dataDir)
  if (testEngine === 'postgres') {
    const created = await createPostgresTestDatabase()
    dropDatabases.push(created.drop)
    return { dataDir, databaseUrl: created.url }
  }
  await createPgliteTestFolder(dataDir)
  return { dataDir }
}

async function newEmptySite(name: string): Promise<Site> {
  const dataDir = path.join(work, name)
  fs.mkdirSync(dataDir)
  return testEngine === 'postgres' ? { dataDir, databaseUrl: await emptyPostgresDatabase() } : { dataDir }
}

type Served = { url: string; bytes: Buffer; contentType: string }

/** Uses the site: an order with a PDF and a PNG on its lines, a media image. Answers what it serves. */
async function useSite(site: Site, env: Record<string, string>): Promise<Served[]> {
  const t = await createTestApp({ database: await openSite(site), env: { DATA_DIR: site.dataDir, ...env } })
  try {
    await t.createAdmin()
    const admin = await t.signIn(ADMIN)
    const { days } = await openMonthWithDays(t, admin, 21)
    const { token, orderIds } = await buyAndPayDays(
      t,
      days.slice(0, 2).map((d) => d.id),
      'Backup Bakery',
    )
    const [pdfLine, pngLine] = orderIds as [string, string]
    expect((await uploadArtworkFile(t, token, [pdfLine], await pdfBytes(2, 2), 'menu.pdf')).status).toBe(200)
    expect((await uploadArtworkFile(t, token, [pngLine], await pngBytes(500, 500))).status).toBe(200)
    const form = new FormData()
    form.set('type', 'map_example')
    form.set('file', new File([await pngBytes(64, 64, '#00aa00')], 'town map.png', { type: 'image/png' }))
    const media = await t.request('/api/admin/media', { method: 'POST', body: form, cookie: admin })
    expect(media.status).toBe(201)
    const urls = [
      `/api/artwork/${token}/files/${pdfLine}`,
      `/api/artwork/${token}/files/${pngLine}`,
      `/api/artwork/${token}/thumbnails/${pngLine}`,
      ((await media.json()) as { url: string }).url,
    ]
    return await served(t, urls)
  } finally {
    await t.close()
  }
}

async function served(t: Awaited<ReturnType<typeof createTestApp>>, urls: string[]): Promise<Served[]> {
  const answers: Served[] = []
  for (const url of urls) {
    const response = await t.request(url)
    expect(response.status, url).toBe(200)
    answers.push({
      url,
      bytes: Buffer.from(await response.arrayBuffer()),
      contentType: response.headers.get('content-type') ?? '',
    })
  }
  return answers
}

/** A server on the restored copy serves the same bytes with the same types, and the admin signs in. */
async function expectServesTheSame(site: Site, env: Record<string, string>, before: Served[]) {
  const t = await createTestApp({ database: await openSite(site), env: { DATA_DIR: site.dataDir, ...env } })
  try {
    await t.signIn(ADMIN)
    const after = await served(
      t,
      before.map((b) => b.url),
    )
    for (const [i, answer] of after.entries()) {
      const was = before[i] as Served
      expect(answer.contentType, answer.url).toBe(was.contentType)
      expect(answer.bytes.equals(was.bytes), answer.url).toBe(true)
    }
    expect(after[0]?.contentType).toBe('application/pdf')
    const pdf = await t.request(before[0]?.url as string)
    expect(pdf.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'")
    await pdf.arrayBuffer()
  } finally {
    await t.close()
  }
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-backup-test-'))
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(work, 's3rver'),
    configureBuckets: [{ name: 'source-media' }, { name: 'restored-media' }, { name: 'moved-media' }],
  })
  const { port } = await s3.run()
  s3Endpoint = `http://127.0.0.1:${port}`
})

afterAll(async () => {
  await s3?.close()
  for (const drop of dropDatabases) await drop().catch(() => {})
  if (work) fs.rmSync(work, { recursive: true, force: true })
})

describe(`npm run backup and npm run restore (${testEngine})`, () => {
  let localArchive: string
  let localServed: Served[]
  /** The first test's restored copy, which the second restores onto again. */
  let localTarget: Site

  it('with files in the data folder: the restored copy serves the same artwork and media', async () => {
    const source = await newSourceSite('local-source')
    localServed = await useSite(source, {})
    localArchive = path.join(work, 'local.tar.gz')
    const backedUp = await cli('backup', [...dbArgs(source), '--out', localArchive], {
      DATA_DIR: source.dataDir,
    })
    expect(backedUp.stdout).toContain('stored files   4 ')
    expect(backedUp.stderr).toBe('')

    const target = await newEmptySite('local-target')
    const restored = await cli('restore', ['--in', localArchive, ...dbArgs(target)], {
      DATA_DIR: target.dataDir,
    })
    expect(restored.stdout).toContain('4 written to folder')
    expect(fs.readdirSync(path.join(target.dataDir, 'media', 'artwork'), { recursive: true }).length).toBe(4)
    await expectServesTheSame(target, {}, localServed)
    localTarget = target
  }, 180_000)

  it('restores again onto the restored copy only with replace, which changes no file', async () => {
    const target = localTarget
    // In this process: the command's exit code and message for a refused transfer are db-transfer.test.ts's,
    // and its --replace flag is parsed by the same parser as the others.
    const restoreAgain = async (replace: boolean) => {
      const database = await openSite(target)
      try {
        return await restoreBackup({
          file: localArchive,
          database,
          storage: createLocalStorage(path.join(target.dataDir, 'media')),
          replace,
        })
      } finally {
        await database.close()
      }
    }
    await expect(restoreAgain(false)).rejects.toThrow('The target database is not empty')
    const replaced = await restoreAgain(true)
    expect({ written: replaced.filesWritten, alreadyThere: replaced.filesAlreadyThere }).toEqual({
      written: 0,
      alreadyThere: 4,
    })
    await expectServesTheSame(target, {}, localServed)
  }, 180_000)

  it('is an archive tar lists, and refuses an incomplete one before changing anything', async () => {
    const { stdout } = await run('tar', ['-tzf', localArchive])
    const names = stdout.trim().split('\n')
    expect(names.at(-1)).toBe('manifest.json')
    expect(names).toContain('database.ndjson')
    expect(names.filter((n) => n.startsWith('files/'))).toHaveLength(4)

    const truncated = path.join(work, 'truncated.tar.gz')
    const bytes = fs.readFileSync(localArchive)
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.byteLength * 0.7)))
    const target = await newEmptySite('truncated-target')
    const database = await openSite(target)
    const media = path.join(target.dataDir, 'media')
    try {
      await expect(
        restoreBackup({ file: truncated, database, storage: createLocalStorage(media) }),
      ).rejects.toThrow(/is not a complete Townflyer backup .*Nothing was restored\./)
    } finally {
      await database.close()
    }
    expect(fs.existsSync(media)).toBe(false)
  }, 120_000)

  it('with files in an S3 bucket: restored into a new bucket, the copy serves the same files', async () => {
    const source = await newSourceSite('s3-source')
    const before = await useSite(source, s3Env('source-media'))
    const archive = path.join(work, 's3.tar.gz')
    const backedUp = await cli('backup', [...dbArgs(source), '--out', archive], {
      DATA_DIR: source.dataDir,
      ...s3Env('source-media'),
    })
    expect(backedUp.stdout).toContain('and S3 bucket source-media')
    expect(backedUp.stdout).toContain('stored files   4 ')

    const target = await newEmptySite('s3-target')
    const restored = await cli('restore', ['--in', archive, ...dbArgs(target)], {
      DATA_DIR: target.dataDir,
      ...s3Env('restored-media'),
    })
    expect(restored.stdout).toContain('4 written to S3 bucket restored-media')
    const keys: string[] = []
    for await (const key of s3Storage('restored-media').list()) keys.push(key)
    expect(keys).toHaveLength(4)
    expect(fs.existsSync(path.join(target.dataDir, 'media'))).toBe(false)
    await expectServesTheSame(target, s3Env('restored-media'), before)
  }, 180_000)

  it('moves a site from its data folder into a bucket: the files keep their types', async () => {
    const target = await newEmptySite('moved-target')
    await cli('restore', ['--in', localArchive, ...dbArgs(target)], {
      DATA_DIR: target.dataDir,
      ...s3Env('moved-media'),
    })
    await expectServesTheSame(target, s3Env('moved-media'), localServed)
  }, 120_000)
})

import { createHash, randomBytes } from 'node:crypto'
import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import { finished, pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'
import { getTableName } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { mediaItems, orderArtwork } from '../db/schema.ts'
import { resolveInside } from '../lib/storage/local-storage.ts'
import type { Storage, StoredObject } from '../lib/storage/storage.ts'
import {
  checkImportTarget,
  exportDatabase,
  type ImportResult,
  importDatabase,
  readExportHeader,
  TransferError,
} from './db-transfer.ts'
import { readTar, TarFormatError, TarWriter } from './tar.ts'

/**
 * A whole site in one file (`npm run backup` / `npm run restore`): the database, as db:export writes it,
 * and every stored file (media and artwork, from the data folder or the S3 bucket), in a gzip-compressed
 * tar archive that `tar -tzf` lists:
 *
 *   files/<key>        each stored file under its storage key
 *   database.ndjson    the database export (src/server/ops/db-transfer.ts)
 *   manifest.json      last: what the archive holds, with each file's size, SHA-256 and content type
 *
 * Files are copied, then the database is exported in one snapshot, then the files stored meanwhile are
 * copied: a file the snapshot names was stored before its row was committed and is deleted only after a
 * commit that no longer names it, so every file the database names is in the archive.
 */
const BACKUP_FORMAT = 'townflyer-backup'
const BACKUP_VERSION = 1
const DATABASE_ENTRY = 'database.ndjson'
const MANIFEST_ENTRY = 'manifest.json'
const FILES_PREFIX = 'files/'

type BackupFile = { key: string; size: number; sha256: string; contentType: string }

type BackupManifest = {
  format: typeof BACKUP_FORMAT
  version: number
  createdAt: string
  engine: string
  migration: number | null
  tables: Record<string, number>
  database: { size: number; sha256: string }
  files: BackupFile[]
  /** Files the database names that storage did not have (already missing when the backup was made). */
  missingFiles: string[]
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

async function readAll(body: StoredObject['body']): Promise<Buffer> {
  if (body instanceof Uint8Array) return Buffer.from(body)
  return Buffer.from(await new Response(body).arrayBuffer())
}

async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/** The storage keys the export's rows name: media items and artwork files with their previews. */
async function referencedKeys(exportFile: string): Promise<Set<string>> {
  const media = getTableName(mediaItems)
  const artwork = getTableName(orderArtwork)
  const keys = new Set<string>()
  const lines = readline.createInterface({ input: fs.createReadStream(exportFile, { encoding: 'utf8' }) })
  let header = true
  for await (const line of lines) {
    if (header || line.trim() === '') {
      header = false
      continue
    }
    const { table, row } = JSON.parse(line) as { table: string; row: Record<string, unknown> }
    const names = table === media ? [row.id] : table === artwork ? [row.file_key, row.thumbnail_key] : []
    for (const name of names) if (typeof name === 'string') keys.add(name)
  }
  return keys
}

/**
 * Writes the backup to `file` (refused if it exists). The archive is written under a temporary name
 * beside it and renamed once complete and flushed, so `file` is never a partial backup.
 */
export async function createBackup(options: {
  file: string
  database: Database
  storage: Storage
}): Promise<BackupManifest> {
  const file = path.resolve(options.file)
  if (fs.existsSync(file)) throw new TransferError(`${file} already exists: name a new file.`)
  if (!fs.existsSync(path.dirname(file))) throw new TransferError(`There is no folder ${path.dirname(file)}.`)
  const partial = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${randomBytes(4).toString('hex')}.partial`,
  )
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-backup-'))
  const gzip = zlib.createGzip()
  const written = pipeline(gzip, fs.createWriteStream(partial, { flags: 'wx' }))
  written.catch(() => {}) // awaited below; a write error also fails the tar writer's next write
  const tar = new TarWriter(gzip)
  try {
    const files = new Map<string, BackupFile>()
    const copyNewFiles = async () => {
      for await (const key of options.storage.list()) {
        if (files.has(key)) continue
        const object = await options.storage.get(key)
        if (!object) continue // deleted since it was listed
        const bytes = await readAll(object.body)
        await tar.addFile(`${FILES_PREFIX}${key}`, bytes)
        files.set(key, {
          key,
          size: bytes.byteLength,
          sha256: sha256(bytes),
          contentType: object.contentType,
        })
      }
    }

    await copyNewFiles()
    const exported = path.join(work, DATABASE_ENTRY)
    const header = await exportDatabase(options.database.db, options.database.engine, exported)
    const database = { size: fs.statSync(exported).size, sha256: await hashFile(exported) }
    await tar.addStream(DATABASE_ENTRY, database.size, fs.createReadStream(exported))
    await copyNewFiles()

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      engine: header.engine,
      migration: header.migration,
      tables: header.tables,
      database,
      files: [...files.values()].sort((a, b) => a.key.localeCompare(b.key)),
      missingFiles: [...(await referencedKeys(exported))].filter((key) => !files.has(key)).sort(),
    }
    await tar.addFile(MANIFEST_ENTRY, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`))
    await tar.finish()
    gzip.end()
    await written
    const fd = fs.openSync(partial, 'r')
    try {
      fs.fsyncSync(fd)
    } finally {
      fs.closeSync(fd)
    }
    fs.renameSync(partial, file)
    return manifest
  } catch (error) {
    gzip.destroy()
    await written.catch(() => {})
    fs.rmSync(partial, { force: true })
    throw error
  } finally {
    fs.rmSync(work, { recursive: true, force: true })
  }
}

async function writeEntry(body: AsyncIterable<Buffer>, target: string) {
  fs.mkdirSync(path.dirname(target), { recursive: true })
  const out = fs.createWriteStream(target, { flags: 'wx' })
  const hash = createHash('sha256')
  let size = 0
  try {
    for await (const piece of body) {
      hash.update(piece)
      size += piece.byteLength
      if (!out.write(piece)) await once(out, 'drain')
    }
  } finally {
    out.end()
    await finished(out)
  }
  return { size, sha256: hash.digest('hex') }
}

function isManifest(value: unknown): value is BackupManifest {
  const manifest = value as BackupManifest | undefined
  return (
    manifest?.format === BACKUP_FORMAT &&
    manifest.version === BACKUP_VERSION &&
    Array.isArray(manifest.files) &&
    typeof manifest.database?.sha256 === 'string'
  )
}

/**
 * Unpacks a backup into `work` and checks it whole: the manifest, the database export and every file,
 * each with the size and SHA-256 the manifest gives, and nothing else. Nothing is restored from a damaged
 * or incomplete archive.
 */
async function unpackBackup(file: string, work: string): Promise<BackupManifest> {
  const damaged = (why: string) =>
    new TransferError(`${file} is not a complete Townflyer backup (${why}). Nothing was restored.`)
  const unpacked = new Map<string, { size: number; sha256: string }>()
  let manifest: unknown
  const source = fs.createReadStream(file)
  const gunzip = zlib.createGunzip()
  source.on('error', (error) => gunzip.destroy(error))
  source.pipe(gunzip)
  try {
    await readTar(gunzip, async (entry) => {
      if (unpacked.has(entry.name) || (entry.name === MANIFEST_ENTRY && manifest !== undefined))
        throw damaged(`it holds ${entry.name} twice`)
      if (entry.name === MANIFEST_ENTRY) {
        const parts: Buffer[] = []
        for await (const piece of entry.body) parts.push(piece)
        manifest = JSON.parse(Buffer.concat(parts).toString('utf8'))
        return
      }
      const target =
        entry.name === DATABASE_ENTRY
          ? path.join(work, DATABASE_ENTRY)
          : entry.name.startsWith(FILES_PREFIX)
            ? resolveInside(path.join(work, 'files'), entry.name.slice(FILES_PREFIX.length))
            : undefined
      if (!target) throw damaged(`it holds ${JSON.stringify(entry.name)}, which no backup holds`)
      unpacked.set(entry.name, await writeEntry(entry.body, target))
    })
  } catch (error) {
    if (error instanceof TransferError) throw error
    if (
      error instanceof TarFormatError ||
      error instanceof SyntaxError ||
      (error as { code?: string }).code?.startsWith('Z_')
    )
      throw damaged((error as Error).message)
    throw error
  } finally {
    source.destroy()
  }
  if (!isManifest(manifest)) throw damaged('its manifest is missing')
  const matches = (name: string, expected: { size: number; sha256: string }) => {
    const found = unpacked.get(name)
    return found?.size === expected.size && found.sha256 === expected.sha256
  }
  if (!matches(DATABASE_ENTRY, manifest.database)) throw damaged('its database export is missing or altered')
  for (const entry of manifest.files)
    if (!matches(`${FILES_PREFIX}${entry.key}`, entry)) throw damaged(`${entry.key} is missing or altered`)
  if (unpacked.size !== manifest.files.length + 1) throw damaged('it holds files its manifest does not list')
  return manifest
}

type RestoreResult = {
  manifest: BackupManifest
  tables: ImportResult['tables']
  /** Files written to storage, and files storage already held with the same bytes. */
  filesWritten: number
  filesAlreadyThere: number
}

/**
 * Restores a backup into `database` (migrated first) and `storage`. The archive is checked whole before
 * anything changes, then the target: the database must be empty and storage must hold no other bytes
 * under the backup's keys, unless `replace` (every table emptied, those files overwritten). Files are
 * written before the database is loaded in one transaction, so a restore that fails leaves no row naming
 * a missing file; running it again with `replace` completes it. Stored files the backup does not hold
 * are left where they are.
 */
export async function restoreBackup(options: {
  file: string
  database: Database
  storage: Storage
  replace?: boolean
}): Promise<RestoreResult> {
  const file = path.resolve(options.file)
  if (!fs.existsSync(file)) throw new TransferError(`${file} does not exist.`)
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-restore-'))
  try {
    const manifest = await unpackBackup(file, work)
    const exported = path.join(work, DATABASE_ENTRY)
    const { database, storage } = options
    await database.migrate()
    await checkImportTarget(database.db, await readExportHeader(exported), { replace: options.replace })

    const toWrite: { entry: BackupFile; overwrite: boolean }[] = []
    const differing: string[] = []
    for (const entry of manifest.files) {
      const existing = await storage.get(entry.key)
      if (!existing) toWrite.push({ entry, overwrite: false })
      else if (sha256(await readAll(existing.body)) !== entry.sha256) {
        if (options.replace) toWrite.push({ entry, overwrite: true })
        else differing.push(entry.key)
      }
    }
    if (differing.length > 0)
      throw new TransferError(
        `Storage already holds other files under ${differing.length} of the backup's names ` +
          `(${differing.slice(0, 3).join(', ')}${differing.length > 3 ? ', …' : ''}). Restore into empty ` +
          'storage, or pass --replace to overwrite them.',
      )
    for (const { entry, overwrite } of toWrite) {
      const bytes = fs.readFileSync(resolveInside(path.join(work, 'files'), entry.key) as string)
      if (overwrite) await storage.delete(entry.key)
      await storage.put(entry.key, bytes, entry.contentType)
    }

    const { tables } = await importDatabase(database.db, exported, { replace: options.replace })
    return {
      manifest,
      tables,
      filesWritten: toWrite.length,
      filesAlreadyThere: manifest.files.length - toWrite.length,
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true })
  }
}

import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import {
  InvalidStoragePathError,
  type Storage,
  StorageConflictError,
  storagePathSegments,
} from './storage.ts'

const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
  '.bmp': 'image/bmp',
  '.ico': 'image/x-icon',
  // Artwork may be a PDF (artwork-file.ts); its stored name keeps the extension of its detected type.
  '.pdf': 'application/pdf',
}

/** The absolute file for a key, or undefined when the key is invalid or would resolve outside root. */
export function resolveInside(root: string, key: string): string | undefined {
  const segments = storagePathSegments(key)
  if (!segments) return undefined
  const base = path.resolve(root)
  const file = path.resolve(base, ...segments)
  return file.startsWith(base + path.sep) ? file : undefined
}

/**
 * Files under one folder (`<DATA_DIR>/media`). A local disk keeps no content type, so `get` derives it
 * from the extension; the media_items row holds the type the upload declared and is what /media serves.
 */
export function createLocalStorage(root: string): Storage {
  const base = path.resolve(root)

  return {
    async put(key, bytes) {
      const file = resolveInside(base, key)
      if (!file) throw new InvalidStoragePathError(key)
      await fs.promises.mkdir(path.dirname(file), { recursive: true })
      // Write a temporary file, then hard-link it into place: link() fails if the name exists, so a
      // reader never sees a half-written file and two uploads to one key cannot overwrite each other.
      const temp = path.join(path.dirname(file), `.${randomBytes(8).toString('hex')}.tmp`)
      await fs.promises.writeFile(temp, bytes, { flag: 'wx' })
      try {
        await fs.promises.link(temp, file)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new StorageConflictError(key)
        throw error
      } finally {
        await fs.promises.rm(temp, { force: true })
      }
    },

    async get(key) {
      const file = resolveInside(base, key)
      if (!file) return undefined
      const stat = await fs.promises.stat(file).catch(() => undefined)
      if (!stat?.isFile()) return undefined
      return {
        body: Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>,
        contentType: CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
        size: stat.size,
      }
    },

    async delete(key) {
      const file = resolveInside(base, key)
      if (!file) throw new InvalidStoragePathError(key)
      await fs.promises.rm(file, { force: true })
    },

    async *list() {
      yield* listFolder(base, [])
    },
  }
}

/** The keys of the files under `folder`; dot-names (put's temporary files) are not stored files. */
async function* listFolder(folder: string, prefix: string[]): AsyncGenerator<string> {
  let entries: fs.Dirent[]
  try {
    entries = await fs.promises.readdir(folder, { withFileTypes: true })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
    throw error
  }
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue
    const segments = [...prefix, entry.name]
    if (entry.isDirectory()) yield* listFolder(path.join(folder, entry.name), segments)
    else if (entry.isFile() && storagePathSegments(segments.join('/'))) yield segments.join('/')
  }
}

/**
 * Where uploaded media live. Paths are relative keys like 'map_example/1700000000000-town-map.png';
 * an adapter refuses any key that would leave its root. Local folder by default; an S3-compatible
 * bucket later (ARCHITECTURE.md "Storage interface").
 */
export type StoredObject = {
  body: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>
  contentType: string
  size: number
}

export interface Storage {
  /** Stores new bytes; never overwrites (an existing key → StorageConflictError). */
  put(path: string, bytes: Uint8Array, contentType: string): Promise<void>
  /** The object, or undefined when there is none (or the key is not a valid path). */
  get(path: string): Promise<StoredObject | undefined>
  /** Removes the object; removing a missing one is not an error. */
  delete(path: string): Promise<void>
  /** Every stored key, in no particular order (for backups: src/server/ops/backup.ts). */
  list(): AsyncIterable<string>
}

export class StorageConflictError extends Error {
  constructor(readonly path: string) {
    super(`A stored file already exists at ${path}.`)
    this.name = 'StorageConflictError'
  }
}

export class InvalidStoragePathError extends Error {
  constructor(readonly path: string) {
    super(`Not a valid storage path: ${JSON.stringify(path)}.`)
    this.name = 'InvalidStoragePathError'
  }
}

/**
 * The segments of a storage key, or undefined when it could name something outside the root:
 * absolute paths, empty / '.' / '..' segments, backslashes or control characters.
 */
export function storagePathSegments(key: string): string[] | undefined {
  if (key.length === 0 || key.length > 1024) return undefined
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(key)) return undefined
  const segments = key.split('/')
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return undefined
  return segments
}

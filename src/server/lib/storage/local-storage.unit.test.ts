import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalStorage, resolveInside } from './local-storage.ts'
import { InvalidStoragePathError, type Storage, StorageConflictError } from './storage.ts'

let dir: string
let storage: Storage
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-storage-'))
  storage = createLocalStorage(path.join(dir, 'media'))
  fs.writeFileSync(path.join(dir, 'outside.txt'), 'outside')
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

async function read(body: ReadableStream<Uint8Array> | Uint8Array): Promise<string> {
  return body instanceof Uint8Array ? Buffer.from(body).toString() : new Response(body).text()
}

describe('local storage', () => {
  it('puts, gets and deletes a file', async () => {
    await storage.put('map_example/1-a.png', new TextEncoder().encode('png bytes'), 'image/png')
    const stored = await storage.get('map_example/1-a.png')
    expect(stored?.contentType).toBe('image/png')
    expect(stored?.size).toBe(9)
    expect(await read(stored?.body as ReadableStream<Uint8Array>)).toBe('png bytes')
    await storage.delete('map_example/1-a.png')
    expect(await storage.get('map_example/1-a.png')).toBeUndefined()
    await storage.delete('map_example/1-a.png') // missing: no error
  })

  it('never overwrites an existing file and leaves no temporary files behind', async () => {
    await storage.put('x/keep.png', new TextEncoder().encode('first'), 'image/png')
    await expect(
      storage.put('x/keep.png', new TextEncoder().encode('second'), 'image/png'),
    ).rejects.toBeInstanceOf(StorageConflictError)
    expect(fs.readFileSync(path.join(dir, 'media', 'x', 'keep.png'), 'utf8')).toBe('first')
    expect(fs.readdirSync(path.join(dir, 'media', 'x'))).toEqual(['keep.png'])
  })

  it('lists every stored key, and none of the temporary files put writes', async () => {
    const listed = createLocalStorage(path.join(dir, 'listed'))
    const keys: string[] = []
    for await (const key of listed.list()) keys.push(key)
    expect(keys).toEqual([]) // no folder yet
    await listed.put('artwork/2030-01/a.pdf', new TextEncoder().encode('%PDF-'), 'application/pdf')
    await listed.put('map_example/1-a.png', new TextEncoder().encode('png'), 'image/png')
    fs.writeFileSync(path.join(dir, 'listed', 'map_example', '.0123.tmp'), 'half')
    for await (const key of listed.list()) keys.push(key)
    expect(keys.sort()).toEqual(['artwork/2030-01/a.pdf', 'map_example/1-a.png'])
    expect((await listed.get('artwork/2030-01/a.pdf'))?.contentType).toBe('application/pdf')
  })

  it('refuses paths that leave the root', async () => {
    const bad = [
      '../outside.txt',
      'a/../../outside.txt',
      '/etc/passwd',
      'a//b',
      './a',
      'a/.',
      '',
      'a\\..\\b',
      'a\u0000b',
    ]
    for (const key of bad) {
      expect(resolveInside(path.join(dir, 'media'), key), JSON.stringify(key)).toBeUndefined()
      expect(await storage.get(key)).toBeUndefined()
      await expect(storage.put(key, new Uint8Array([1]), 'image/png')).rejects.toBeInstanceOf(
        InvalidStoragePathError,
      )
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStoragePathError)
    }
    expect(fs.readFileSync(path.join(dir, 'outside.txt'), 'utf8')).toBe('outside')
    expect(resolveInside('/data/media', 'a/b.png')).toBe('/data/media/a/b.png')
  })
})

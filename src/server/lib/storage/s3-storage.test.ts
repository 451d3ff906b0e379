// @engines pglite
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '#server/test/test-app.ts'
import { testEngine } from '#server/test/test-database.ts'
import { createS3Storage } from './s3-storage.ts'
import { InvalidStoragePathError, type Storage, StorageConflictError } from './storage.ts'

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

let server: { run: () => Promise<AddressInfo>; close: () => Promise<void> }
let directory: string
let endpoint: string
let storage: Storage
const env = () => ({
  S3_BUCKET: 'townflyer-media',
  S3_ENDPOINT: endpoint,
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: 'true',
})

async function readAll(body: ReadableStream<Uint8Array> | Uint8Array): Promise<Buffer> {
  return body instanceof Uint8Array ? Buffer.from(body) : Buffer.from(await new Response(body).arrayBuffer())
}

beforeAll(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-s3rver-'))
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: 'townflyer-media' }, { name: 'townflyer-listed' }],
  })
  const { port } = await server.run()
  endpoint = `http://127.0.0.1:${port}`
  storage = createS3Storage({
    bucket: 'townflyer-media',
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
  })
})
afterAll(async () => {
  await server.close()
  fs.rmSync(directory, { recursive: true, force: true })
})

// The adapter alone never touches the database: one engine's project runs it.
describe.skipIf(testEngine !== 'pglite')('S3 storage adapter (against s3rver)', () => {
  it('stores, reads back with the content type and size, and deletes', async () => {
    await storage.put('map_example/1-town.png', PNG, 'image/png')
    const stored = await storage.get('map_example/1-town.png')
    expect(stored).toMatchObject({ contentType: 'image/png', size: PNG.byteLength })
    expect(await readAll(stored?.body as ReadableStream<Uint8Array>)).toEqual(PNG)
    await storage.delete('map_example/1-town.png')
    expect(await storage.get('map_example/1-town.png')).toBeUndefined()
    // Removing a missing object is not an error.
    await storage.delete('map_example/1-town.png')
  })

  it('never overwrites an existing key', async () => {
    await storage.put('postcard_front/2-a.png', PNG, 'image/png')
    await expect(storage.put('postcard_front/2-a.png', Buffer.from([1]), 'image/png')).rejects.toBeInstanceOf(
      StorageConflictError,
    )
    expect(
      await readAll((await storage.get('postcard_front/2-a.png'))?.body as ReadableStream<Uint8Array>),
    ).toEqual(PNG)
  })

  it('lists every key, over several pages', async () => {
    const many = createS3Storage({
      bucket: 'townflyer-listed',
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    })
    const expected: string[] = []
    for (let i = 0; i < 1005; i++) expected.push(`artwork/2030-01/${String(i).padStart(4, '0')}.png`)
    // Eight uploads at a time: the listing is what is tested, and one at a time the uploads took 14 s.
    for (let i = 0; i < expected.length; i += 8)
      await Promise.all(expected.slice(i, i + 8).map((key) => many.put(key, PNG, 'image/png')))
    const keys: string[] = []
    for await (const key of many.list()) keys.push(key)
    expect(keys.sort()).toEqual(expected)
  }, 120_000)

  it('refuses keys that could leave the bucket prefix and answers undefined for unknown keys', async () => {
    for (const key of ['../x.png', '/abs.png', 'a//b.png', 'a\\b.png', '']) {
      await expect(storage.put(key, PNG, 'image/png'), key).rejects.toBeInstanceOf(InvalidStoragePathError)
      expect(await storage.get(key), key).toBeUndefined()
    }
    expect(await storage.get('map_example/none.png')).toBeUndefined()
  })
})

describe('the app with S3_* set', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ env: env() })
    await t.createAdmin()
  })
  afterAll(() => t.close())

  it('uploads through the admin route into the bucket and serves /media/* from it', async () => {
    const cookie = await t.signIn({ email: 'admin@example.com', password: 'admin-password-123' })
    const form = new FormData()
    form.set('type', 'map_example')
    form.set('file', new File([PNG], 'bucket map.png', { type: 'image/png' }))
    const response = await t.request('/api/admin/media', { method: 'POST', body: form, cookie })
    expect(response.status).toBe(201)
    const item = await response.json()
    expect(await storage.get(item.id)).toMatchObject({ contentType: 'image/png', size: PNG.byteLength })
    expect(fs.existsSync(path.join(t.dataDir, 'media', ...item.id.split('/')))).toBe(false)
    const served = await t.request(item.url)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG)
    expect((await t.request(`/api/admin${item.url}`, { method: 'DELETE', cookie })).status).toBe(204)
    expect(await storage.get(item.id)).toBeUndefined()
  })
})

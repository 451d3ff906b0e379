import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mediaItems } from '#server/db/schema.ts'
import { ADMIN, createTestApp, type TestApp } from '#server/test/test-app.ts'
import { PUBLIC_MEDIA_LIMIT } from './media.routes.ts'
import { saveMediaItem } from './media.service.ts'

let t: TestApp
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])
const SECRET = 'top-secret-contents'

const save = (type: 'map_example' | 'postcard_front', originalName: string, at: string, bytes = PNG) =>
  saveMediaItem(t.db, t.deps.storage, { type, originalName, bytes, contentType: 'image/png' }, new Date(at))

beforeAll(async () => {
  t = await createTestApp()
  await t.createAdmin()
  // Files an attacker would like to reach: one beside the media folder, one inside it without a row.
  fs.writeFileSync(path.join(t.dataDir, 'secret.txt'), SECRET)
  fs.mkdirSync(path.join(t.dataDir, 'media', 'map_example'), { recursive: true })
  fs.writeFileSync(path.join(t.dataDir, 'media', 'map_example', 'orphan.png'), SECRET)
})
afterAll(() => t.close())

describe('saveMediaItem', () => {
  it('stores the file at {type}/{timestamp}-{name with spaces as hyphens} and records it', async () => {
    const item = await save('postcard_front', 'Front  side v2.png', '2026-01-02T03:04:05.678Z')
    const timestamp = new Date('2026-01-02T03:04:05.678Z').getTime()
    expect(item).toEqual({
      id: `postcard_front/${timestamp}-Front--side-v2.png`,
      type: 'postcard_front',
      title: 'Front--side-v2.png',
      url: `/media/postcard_front/${timestamp}-Front--side-v2.png`,
      uploadedAt: '2026-01-02T03:04:05.678Z',
    })
    const file = path.join(t.dataDir, 'media', 'postcard_front', `${timestamp}-Front--side-v2.png`)
    expect(new Uint8Array(fs.readFileSync(file))).toEqual(PNG)
  })

  it('never overwrites: the same path twice is a 409 conflict and the first file stays', async () => {
    await save('postcard_front', 'same.png', '2026-02-01T00:00:00Z')
    await expect(
      save('postcard_front', 'same.png', '2026-02-01T00:00:00Z', new Uint8Array([9])),
    ).rejects.toMatchObject({
      code: 'conflict',
    })
    const file = path.join(
      t.dataDir,
      'media',
      'postcard_front',
      `${Date.parse('2026-02-01T00:00:00Z')}-same.png`,
    )
    expect(new Uint8Array(fs.readFileSync(file))).toEqual(PNG)
  })

  it('keeps only the last segment of a name, so a name cannot climb out of its folder', async () => {
    const item = await save('map_example', '../../secret.txt', '2026-03-01T00:00:00Z')
    expect(item.id).toBe(`map_example/${Date.parse('2026-03-01T00:00:00Z')}-secret.txt`)
    expect(fs.readFileSync(path.join(t.dataDir, 'secret.txt'), 'utf8')).toBe(SECRET)
  })
})

describe('GET /api/media?type=…', () => {
  it('lists the items of one type, newest first, with URI-encoded urls', async () => {
    const older = await save('map_example', 'town map #1.png', '2026-04-01T00:00:00Z')
    const newer = await save('map_example', 'town map?.png', '2026-04-02T00:00:00Z')
    const response = await t.request('/api/media?type=map_example')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-cache')
    const { items } = await response.json()
    expect(items.slice(0, 2)).toEqual([newer, older])
    expect(older.url).toBe(`/media/map_example/${Date.parse('2026-04-01T00:00:00Z')}-town-map-%231.png`)
    expect(newer.url).toBe(`/media/map_example/${Date.parse('2026-04-02T00:00:00Z')}-town-map%3F.png`)
    expect(items.every((i: { type: string }) => i.type === 'map_example')).toBe(true)
    expect(await (await t.request('/api/media?type=postcard_back')).json()).toEqual({ items: [] })
  })

  it('answers an anonymous caller the newest PUBLIC_MEDIA_LIMIT items only; the admin list has them all', async () => {
    const extra = PUBLIC_MEDIA_LIMIT + 2
    await t.db.insert(mediaItems).values(
      Array.from({ length: extra }, (_, i) => ({
        id: `postcard_back/${1_700_000_000_000 + i}-card.png`,
        type: 'postcard_back',
        title: 'card.png',
        contentType: 'image/png',
        sizeBytes: 10,
        uploadedAt: new Date(1_700_000_000_000 + i * 1000),
      })),
    )
    const { items } = await (await t.request('/api/media?type=postcard_back')).json()
    expect(items).toHaveLength(PUBLIC_MEDIA_LIMIT)
    expect(items[0].id).toBe(`postcard_back/${1_700_000_000_000 + extra - 1}-card.png`)
    const cookie = await t.signIn(ADMIN)
    const all = await (await t.request('/api/admin/media?type=postcard_back', { cookie })).json()
    expect(all.items).toHaveLength(extra)
    await t.db.delete(mediaItems).where(eq(mediaItems.type, 'postcard_back'))
  })

  it('answers 422 for a missing or unknown type', async () => {
    for (const query of ['', '?type=', '?type=logo', '?type=MAP_EXAMPLE']) {
      const response = await t.request(`/api/media${query}`)
      expect(response.status, query).toBe(422)
      const body = await response.json()
      expect(body.error.code).toBe('validation_failed')
      expect(body.error.fields.type).toEqual([
        'Choose one of calendar_example, map_example, postcard_front, postcard_back, blog_cover.',
      ])
    }
  })
})

describe('GET /media/*', () => {
  it('serves a stored file with its content type, an hour of caching and nosniff', async () => {
    const item = await save('postcard_front', 'served file.png', '2026-05-01T00:00:00Z')
    const response = await t.request(item.url)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('content-length')).toBe(String(PNG.byteLength))
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG)
  })

  it('serves names that need encoding', async () => {
    const item = await save('map_example', 'a #b?.png', '2026-05-02T00:00:00Z')
    const response = await t.request(item.url)
    expect(response.status).toBe(200)
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG)
  })

  it('answers 404 JSON for unknown files and for files without a media record', async () => {
    for (const url of [
      '/media/map_example/nothing.png',
      '/media/map_example/orphan.png',
      '/media/',
      '/media/%E0%A4%A',
    ]) {
      const response = await t.request(url)
      expect(response.status, url).toBe(404)
      expect(response.headers.get('content-type')).toMatch(/application\/json/)
      expect((await response.json()).error.code).toBe('not_found')
    }
  })

  it('refuses path traversal, plain or encoded', async () => {
    await save('map_example', 'real.png', '2026-05-03T00:00:00Z')
    // Dot segments (also %2e-encoded ones) are resolved by URL parsing before routing: these become
    // /secret.txt or /media/secret.txt and never reach a file outside the media folder.
    for (const url of [
      '/media/../secret.txt',
      '/media/%2e%2e/secret.txt',
      '/media/map_example/%2E%2E/%2E%2E/secret.txt',
    ]) {
      const response = await t.request(url)
      expect(response.status, url).toBeGreaterThanOrEqual(400)
      expect(await response.text(), url).not.toContain(SECRET)
    }
    // Encoded separators reach the media route, which refuses them.
    for (const url of [
      '/media/..%2fsecret.txt',
      '/media/..%2Fsecret.txt',
      '/media/%2e%2e%2fsecret.txt',
      '/media/map_example/..%2F..%2Fsecret.txt',
      '/media/map_example/..%5C..%5Csecret.txt',
      '/media/%2Fetc%2Fpasswd',
      '/media/map_example%2Forphan.png',
    ]) {
      const response = await t.request(url)
      expect(response.status, url).toBe(404)
      expect((await response.json()).error).toEqual({ code: 'not_found', message: 'Media file not found.' })
    }
    // And nothing was recorded along the way.
    const ids = (await t.db.select({ id: mediaItems.id }).from(mediaItems)).map((r) => r.id)
    expect(ids.some((id) => id.includes('..'))).toBe(false)
  })
})

import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mediaItems } from '#server/db/schema.ts'
import { ADMIN, createTestApp, MEMBER, type TestApp } from '#server/test/test-app.ts'

/** Tiny valid images (1×1 pixel). */
const IMAGES = {
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
  jpeg: Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  ),
  webp: Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'),
  gif: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
}
const NOT_AN_IMAGE = 'Please upload an image file (JPEG, PNG, etc.).'
const TOO_LARGE = 'Please upload an image smaller than 5MB.'

let t: TestApp
let admin: string
let member: string

function upload(
  file: { bytes: Uint8Array<ArrayBuffer>; name: string; mime?: string } | null,
  type: string | null = 'map_example',
  cookie = admin,
) {
  const form = new FormData()
  if (type !== null) form.set('type', type)
  if (file) form.set('file', new File([file.bytes], file.name, { type: file.mime ?? 'image/png' }))
  return t.request('/api/admin/media', { method: 'POST', body: form, cookie })
}

const rowCount = async () => (await t.db.select().from(mediaItems)).length

beforeAll(async () => {
  t = await createTestApp()
  await t.createAdmin()
  await t.createMember()
  admin = await t.signIn(ADMIN)
  member = await t.signIn(MEMBER)
})
afterAll(() => t.close())

describe('POST /api/admin/media', () => {
  it('accepts PNG, JPEG, WebP and GIF by content, stores them at {type}/{timestamp}-{name} and serves them', async () => {
    for (const [ext, bytes] of Object.entries(IMAGES)) {
      // The browser's MIME type is ignored: the stored type comes from the bytes.
      const response = await upload(
        { bytes, name: `Town Map ${ext}.${ext}`, mime: 'application/octet-stream' },
        'postcard_front',
      )
      expect(response.status, ext).toBe(201)
      const item = await response.json()
      expect(item.id).toMatch(new RegExp(`^postcard_front/\\d{13}-Town-Map-${ext}\\.${ext}$`))
      expect(item).toMatchObject({ type: 'postcard_front', url: `/media/${item.id}` })
      const served = await t.request(item.url)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe(ext === 'jpeg' ? 'image/jpeg' : `image/${ext}`)
      expect(served.headers.get('x-content-type-options')).toBe('nosniff')
      expect(served.headers.get('cache-control')).toBe('public, max-age=3600')
      expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes)
    }
    const listed = await t.request('/api/admin/media?type=postcard_front', { cookie: admin })
    expect(listed.status).toBe(200)
    expect((await listed.json()).items).toHaveLength(4)
  })

  it('keeps safe characters only and gives the file the extension of its content', async () => {
    const response = await upload({ bytes: IMAGES.png, name: '../../My <b>logo;.html' })
    const item = await response.json()
    expect(item.id).toMatch(/^map_example\/\d{13}-My--b-logo-\.png$/)
    const jpeg = await (await upload({ bytes: IMAGES.jpeg, name: 'photo.JPG' })).json()
    expect(jpeg.id).toMatch(/-photo\.jpg$/)
  })

  it('refuses HTML renamed .png, SVG with a script, polyglots and empty files, storing nothing', async () => {
    const before = await rowCount()
    const corpus: [string, Uint8Array<ArrayBuffer>][] = [
      ['html.png', Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>')],
      ['image.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
      [
        'xml.svg',
        Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      ],
      // GIF header followed by HTML/JS: file-type says GIF, the markup scan refuses it.
      [
        'gifar.gif',
        Buffer.concat([Buffer.from('GIF89a'), Buffer.from('/*<html><script>alert(1)</script>*/')]),
      ],
      // A valid PNG with HTML appended after IEND.
      ['tail.png', Buffer.concat([IMAGES.png, Buffer.from('<html><script>alert(1)</script></html>')])],
      // A valid PNG with opaque bytes after IEND.
      ['trailing.png', Buffer.concat([IMAGES.png, Buffer.from([1, 2, 3, 4])])],
      ['empty.png', new Uint8Array()],
      ['text.png', Buffer.from('just some text')],
      ['pdf.png', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n')],
    ]
    for (const [name, bytes] of corpus) {
      const response = await upload({ bytes, name, mime: 'image/png' })
      expect(response.status, name).toBe(422)
      expect((await response.json()).error.message, name).toBe(NOT_AN_IMAGE)
    }
    expect(await rowCount()).toBe(before)
    expect(
      fs
        .readdirSync(path.join(t.dataDir, 'media', 'map_example'))
        .filter((f) => /html|svg|gifar|tail|trailing|empty|text|pdf/.test(f)),
    ).toEqual([])
  })

  it('refuses files over 5 MB with 413 and its message', async () => {
    const before = await rowCount()
    const big = Buffer.alloc(6 * 1024 * 1024)
    IMAGES.png.copy(big)
    const response = await upload({ bytes: big, name: 'big.png' })
    expect(response.status).toBe(413)
    expect((await response.json()).error.message).toBe(TOO_LARGE)
    // Just over 5 MB (inside the request limit, over the file limit).
    const over = Buffer.alloc(5 * 1024 * 1024 + 1)
    IMAGES.png.copy(over)
    const overResponse = await upload({ bytes: over, name: 'over.png' })
    expect(overResponse.status).toBe(413)
    expect((await overResponse.json()).error.message).toBe(TOO_LARGE)
    expect(await rowCount()).toBe(before)
  })

  it('answers 422 without a type or a file, 415 for a non-multipart body', async () => {
    expect((await upload({ bytes: IMAGES.png, name: 'a.png' }, null)).status).toBe(422)
    expect((await upload({ bytes: IMAGES.png, name: 'a.png' }, 'logo')).status).toBe(422)
    const noFile = await upload(null)
    expect(noFile.status).toBe(422)
    expect((await noFile.json()).error.fields.file).toEqual([NOT_AN_IMAGE])
    const json = await t.request('/api/admin/media', {
      method: 'POST',
      json: { type: 'map_example' },
      cookie: admin,
    })
    expect(json.status).toBe(415)
  })

  it('answers 401 and 403 before reading the upload, storing nothing', async () => {
    const before = await rowCount()
    expect((await t.request('/api/admin/media', { method: 'POST', body: new FormData() })).status).toBe(401)
    expect((await upload({ bytes: IMAGES.png, name: 'a.png' }, 'map_example', member)).status).toBe(403)
    expect((await t.request('/api/admin/media?type=map_example')).status).toBe(401)
    expect((await t.request('/api/admin/media?type=map_example', { cookie: member })).status).toBe(403)
    expect(await rowCount()).toBe(before)
  })
})

describe('DELETE /api/admin/media/<id>', () => {
  it('removes the file and the record', async () => {
    const item = await (await upload({ bytes: IMAGES.png, name: 'delete me.png' }, 'postcard_back')).json()
    const file = path.join(t.dataDir, 'media', ...item.id.split('/'))
    expect(fs.existsSync(file)).toBe(true)
    expect((await t.request(`/api/admin${item.url}`, { method: 'DELETE' })).status).toBe(401)
    expect((await t.request(`/api/admin${item.url}`, { method: 'DELETE', cookie: member })).status).toBe(403)
    const response = await t.request(`/api/admin${item.url}`, { method: 'DELETE', cookie: admin })
    expect(response.status).toBe(204)
    expect(fs.existsSync(file)).toBe(false)
    expect(await t.db.select().from(mediaItems).where(eq(mediaItems.id, item.id))).toEqual([])
    expect((await t.request(item.url)).status).toBe(404)
  })

  it('answers 404 for unknown ids and for paths that leave the media folder', async () => {
    for (const url of [
      '/api/admin/media/map_example/nothing.png',
      '/api/admin/media/..%2F..%2Fsecret.txt',
      '/api/admin/media/',
    ]) {
      const response = await t.request(url, { method: 'DELETE', cookie: admin })
      expect(response.status, url).toBe(404)
    }
  })
})

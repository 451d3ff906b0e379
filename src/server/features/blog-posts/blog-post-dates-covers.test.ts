import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blogPosts, catalogueVersion, mediaItems } from '#server/db/schema.ts'
import { ADMIN, createTestApp, type TestApp } from '#server/test/test-app.ts'
import { todayInTimeZone } from '#shared/dates.ts'

/** A post's publication date (chosen, or the day it is first published) and its cover image. */
let t: TestApp
let admin: string
const COVER = 'blog_cover/1790000000000-harbour.png'

beforeAll(async () => {
  t = await createTestApp()
  await t.createAdmin()
  admin = await t.signIn(ADMIN)
  // A media library item (the upload path is tested with the media routes; only the row matters here).
  await t.db.insert(mediaItems).values({
    id: COVER,
    type: 'blog_cover',
    title: 'harbour.png',
    contentType: 'image/png',
    sizeBytes: 68,
  })
})
afterAll(() => t.close())

async function send(method: string, path: string, json?: unknown) {
  const response = await t.request(`/api/admin/blog-posts${path}`, { method, json, cookie: admin })
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : null }
}

const token = async () => (await t.db.select().from(catalogueVersion))[0]?.token

describe('publication date', () => {
  it('is the chosen date, orders the public list newest first, and stays when an edit sends none', async () => {
    const older = await send('POST', '', {
      title: 'Dated older',
      content: 'C',
      isPublished: true,
      publicationDate: '2091-05-01',
    })
    const newer = await send('POST', '', {
      title: 'Dated newer',
      content: 'C',
      isPublished: true,
      publicationDate: '2091-05-02',
    })
    expect(older.status).toBe(201)
    expect(newer.body.publicationDate).toBe('2091-05-02')
    const list = await (await t.request('/api/blog-posts')).json()
    expect(list.posts.slice(0, 2).map((p: { title: string }) => p.title)).toEqual([
      'Dated newer',
      'Dated older',
    ])

    // Moved back: it now sorts after the other.
    const moved = await send('PUT', `/${newer.body.id}`, {
      title: 'Dated newer',
      content: 'C',
      publicationDate: '2091-04-30',
    })
    expect(moved.body.publicationDate).toBe('2091-04-30')
    const again = await (await t.request('/api/blog-posts')).json()
    expect(again.posts.slice(0, 2).map((p: { title: string }) => p.title)).toEqual([
      'Dated older',
      'Dated newer',
    ])
    const kept = await send('PUT', `/${newer.body.id}`, { title: 'Dated newer', content: 'Edited' })
    expect(kept.body.publicationDate).toBe('2091-04-30')
  })

  it("defaults to the town's date when the post is first published, not when it was drafted", async () => {
    const draft = await send('POST', '', { title: 'Drafted first', content: 'C' })
    expect(draft.body.publicationDate).toBeNull()
    await t.db
      .update(blogPosts)
      .set({ createdAt: new Date('2020-01-01T12:00:00Z') })
      .where(eq(blogPosts.id, draft.body.id))
    const today = todayInTimeZone(t.deps.config.timeZone)
    const published = await send('PUT', `/${draft.body.id}`, {
      title: 'Drafted first',
      content: 'C',
      isPublished: true,
    })
    expect([today, todayInTimeZone(t.deps.config.timeZone)]).toContain(published.body.publicationDate)
    // Unpublishing and publishing again keeps the first publication's date.
    await t.db.update(blogPosts).set({ publicationDate: '2024-02-02' }).where(eq(blogPosts.id, draft.body.id))
    await send('PUT', `/${draft.body.id}`, { title: 'Drafted first', content: 'C', isPublished: false })
    const republished = await send('PUT', `/${draft.body.id}`, {
      title: 'Drafted first',
      content: 'C',
      isPublished: true,
    })
    expect(republished.body.publicationDate).toBe('2024-02-02')
  })

  it('refuses a date that is not a real day in 2000–2099, changing nothing', async () => {
    const before = await t.db.select().from(blogPosts)
    for (const publicationDate of [
      '2026-02-30',
      '1999-12-31',
      '2100-01-01',
      'tomorrow',
      '2026-1-5',
      20260105,
    ]) {
      const r = await send('POST', '', { title: 'Bad date', content: 'C', publicationDate })
      expect(r.status, String(publicationDate)).toBe(422)
      expect(r.body.error.fields.publicationDate).toEqual([
        'Enter a publication date between 2000-01-01 and 2099-12-31.',
      ])
    }
    expect(await t.db.select().from(blogPosts)).toEqual(before)
  })
})

describe('cover image', () => {
  it('is an uploaded media item shown with its URL and alt text (the title unless given), and renders pages again', async () => {
    const post = await send('POST', '', {
      title: 'Harbour day',
      content: 'C',
      isPublished: true,
      publicationDate: '2091-06-01',
    })
    expect(post.body.coverImage).toBeNull()
    const before = await token()
    const withCover = await send('PUT', `/${post.body.id}`, {
      title: 'Harbour day',
      content: 'C',
      coverMediaId: COVER,
    })
    expect(withCover.status).toBe(200)
    expect(withCover.body.coverImage).toEqual({
      mediaId: COVER,
      url: '/media/blog_cover/1790000000000-harbour.png',
      alt: 'Harbour day',
    })
    // A write of the post gives the catalogue a new version: the kept /blog pages are rendered again.
    expect(await token()).not.toBe(before)
    const withAlt = await send('PUT', `/${post.body.id}`, {
      title: 'Harbour day',
      content: 'C',
      coverAlt: '  Boats in the harbour ',
    })
    expect(withAlt.body.coverImage.alt).toBe('Boats in the harbour')
    expect(withAlt.body.coverAlt).toBe('Boats in the harbour')
    const shown = await (await t.request(`/api/blog-posts/${post.body.id}`)).json()
    expect(shown.coverImage).toEqual({
      mediaId: COVER,
      url: '/media/blog_cover/1790000000000-harbour.png',
      alt: 'Boats in the harbour',
    })

    // Deleting the image from the library leaves the post without a cover (and renders it again).
    const beforeDelete = await token()
    await t.db.delete(mediaItems).where(eq(mediaItems.id, COVER))
    const after = await (await t.request(`/api/blog-posts/${post.body.id}`)).json()
    expect(after.coverImage).toBeNull()
    expect(await token()).not.toBe(beforeDelete)
  })

  it('refuses a cover that is not in the media library, with 422, changing nothing', async () => {
    const before = await t.db.select().from(blogPosts)
    for (const coverMediaId of ['blog_cover/none.png', '', 7]) {
      const r = await send('POST', '', { title: 'No such cover', content: 'C', coverMediaId })
      expect(r.status, String(coverMediaId)).toBe(422)
      expect(r.body.error.fields.coverMediaId).toEqual([
        'Choose an image from the media library for the cover.',
      ])
    }
    expect(await t.db.select().from(blogPosts)).toEqual(before)
  })
})

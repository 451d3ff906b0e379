import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blogPosts } from '#server/db/schema.ts'
import { ADMIN, createTestApp, MEMBER, type TestApp } from '#server/test/test-app.ts'
import { todayInTimeZone } from '#shared/dates.ts'
import { createPost } from './blog-posts.service.ts'

let t: TestApp
const ids: Record<string, string> = {}

async function insertPost(title: string, values: Partial<typeof blogPosts.$inferInsert>) {
  const [row] = await t.db
    .insert(blogPosts)
    .values({ title, content: `${title} body`, author: 'Ann', ...values })
    .returning({ id: blogPosts.id })
  if (!row) throw new Error('no row')
  ids[title] = row.id
}

beforeAll(async () => {
  t = await createTestApp()
  await t.createAdmin()
  await t.createMember()
  await insertPost('Old', { isPublished: true, publicationDate: '2025-01-01' })
  await insertPost('Same day, first', {
    isPublished: true,
    publicationDate: '2025-06-01',
    createdAt: new Date('2025-06-01T08:00:00Z'),
  })
  await insertPost('Same day, second', {
    isPublished: true,
    publicationDate: '2025-06-01',
    createdAt: new Date('2025-06-01T09:00:00Z'),
  })
  await insertPost('Draft', { isPublished: false, publicationDate: '2025-12-01' })
})
afterAll(() => t.close())

const titles = (body: { posts: Array<{ title: string }> }) => body.posts.map((p) => p.title)

describe('public blog', () => {
  it('lists published posts only, newest publication first', async () => {
    const response = await t.request('/api/blog-posts')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-cache')
    const body = await response.json()
    expect(titles(body)).toEqual(['Same day, second', 'Same day, first', 'Old'])
    expect(body.posts[2]).toEqual({
      id: ids.Old,
      title: 'Old',
      content: 'Old body',
      author: 'Ann',
      isPublished: true,
      publicationDate: '2025-01-01',
      coverImage: null,
      coverAlt: null,
    })
  })

  it('answers one page of published posts with the total, and refuses pages and sizes out of range', async () => {
    const first = await (await t.request('/api/blog-posts?page=1&pageSize=2')).json()
    expect(first).toMatchObject({ page: 1, pageSize: 2, total: 3 })
    expect(titles(first)).toEqual(['Same day, second', 'Same day, first'])
    const second = await (await t.request('/api/blog-posts?page=2&pageSize=2')).json()
    expect(titles(second)).toEqual(['Old'])
    const beyond = await (await t.request('/api/blog-posts?page=9&pageSize=2')).json()
    expect(beyond).toMatchObject({ posts: [], total: 3 })
    // The default page size is 12.
    expect((await (await t.request('/api/blog-posts')).json()).pageSize).toBe(12)
    for (const query of ['page=0', 'page=x', 'page=1.5', 'pageSize=51', 'pageSize=0'])
      expect((await t.request(`/api/blog-posts?${query}`)).status).toBe(422)
  })

  it('answers one published post, and 404 Blog post not found. for drafts, unknown and malformed ids', async () => {
    const ok = await t.request(`/api/blog-posts/${ids.Old}`)
    expect(ok.status).toBe(200)
    expect((await ok.json()).title).toBe('Old')
    for (const id of [ids.Draft, '00000000-0000-4000-8000-000000000000', 'draft']) {
      const response = await t.request(`/api/blog-posts/${id}`)
      expect(response.status, id).toBe(404)
      expect((await response.json()).error).toEqual({ code: 'not_found', message: 'Blog post not found.' })
    }
  })
})

describe('admin blog', () => {
  const send = (method: string, path: string, json: unknown, cookie?: string) =>
    t.request(`/api/admin/blog-posts${path}`, { method, json, cookie })
  const count = async () => (await t.db.select({ id: blogPosts.id }).from(blogPosts)).length

  it('guards every route: 401 anonymous, 403 non-admin, and changes nothing', async () => {
    const member = await t.signIn(MEMBER)
    const before = await t.db.select().from(blogPosts)
    const calls: Array<[string, string, unknown]> = [
      ['GET', '', undefined],
      ['POST', '', { title: 'x', content: 'y' }],
      ['PUT', `/${ids.Old}`, { title: 'x', content: 'y' }],
      ['DELETE', `/${ids.Old}`, undefined],
    ]
    for (const [method, path, json] of calls) {
      expect((await send(method, path, json)).status, `${method} ${path}`).toBe(401)
      expect((await send(method, path, json, member)).status, `${method} ${path}`).toBe(403)
    }
    expect(await t.db.select().from(blogPosts)).toEqual(before)
  })

  it('lists drafts too', async () => {
    const response = await send('GET', '', undefined, await t.signIn(ADMIN))
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(titles(body).slice(0, 2)).toEqual(['Draft', 'Same day, second'])
    expect(titles(body)).toContain('Old')
  })

  it('creates a draft by the map team by default, undated until first published, with trimmed fields', async () => {
    const cookie = await t.signIn(ADMIN)
    const today = todayInTimeZone(t.deps.config.timeZone)
    const response = await send(
      'POST',
      '',
      { title: '  Spring issue ', content: 'Line one\nLine two\n' },
      cookie,
    )
    expect(response.status).toBe(201)
    const post = await response.json()
    expect(post).toEqual({
      id: expect.any(String),
      title: 'Spring issue',
      content: 'Line one\nLine two',
      author: t.deps.config.site.mapTeamName,
      isPublished: false,
      publicationDate: null,
      coverImage: null,
      coverAlt: null,
    })
    const blank = await send(
      'POST',
      '',
      { title: 'T', content: 'C', author: '   ', isPublished: true },
      cookie,
    )
    const published = await blank.json()
    expect(published).toMatchObject({ author: t.deps.config.site.mapTeamName, isPublished: true })
    // Published at once: the town's date now (the request may have crossed its midnight).
    expect([today, todayInTimeZone(t.deps.config.timeZone)]).toContain(published.publicationDate)
    const named = await send('POST', '', { title: 'T', content: 'C', author: 'Bea' }, cookie)
    expect((await named.json()).author).toBe('Bea')
  })

  it("dates a post by the town's day: at 2026-03-10T02:00Z it is still March 9 in New York", async () => {
    const post = await createPost(
      t.db,
      { title: 'Late', content: 'Evening', isPublished: true },
      { defaultAuthor: 'Ann', timeZone: 'America/New_York' },
      new Date('2026-03-10T02:00:00Z'),
    )
    expect(post.publicationDate).toBe('2026-03-09')
    await t.db.delete(blogPosts).where(eq(blogPosts.id, post.id))
  })

  it('refuses a blank title or content with their messages, and other bad bodies, storing nothing', async () => {
    const cookie = await t.signIn(ADMIN)
    const before = await count()
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{ title: '   ', content: 'C' }, { title: ['Please enter a title for the blog post.'] }],
      [{ content: 'C' }, { title: ['Please enter a title for the blog post.'] }],
      [{ title: 'T', content: '\n\t ' }, { content: ['Please enter content for the blog post.'] }],
      [{ title: 'T' }, { content: ['Please enter content for the blog post.'] }],
      [
        { title: 7, content: null },
        {
          title: ['Please enter a title for the blog post.'],
          content: ['Please enter content for the blog post.'],
        },
      ],
    ]
    for (const [json, fields] of cases) {
      const response = await send('POST', '', json, cookie)
      expect(response.status, JSON.stringify(json)).toBe(422)
      const body = await response.json()
      expect(body.error.code).toBe('validation_failed')
      expect(body.error.fields).toEqual(fields)
    }
    for (const json of [
      { title: 'T', content: 'C', isPublished: 'yes' },
      { title: 'T', content: 'C', author: 5 },
      [],
    ]) {
      expect((await send('POST', '', json, cookie)).status).toBe(422)
    }
    const malformed = await t.request('/api/admin/blog-posts', {
      method: 'POST',
      body: '{"title"',
      headers: { 'content-type': 'application/json' },
      cookie,
    })
    expect(malformed.status).toBe(400)
    expect(await count()).toBe(before)
  })

  it('updates a post in place, keeping the publish state when it is not sent', async () => {
    const cookie = await t.signIn(ADMIN)
    const response = await send(
      'PUT',
      `/${ids.Draft}`,
      { title: 'Draft v2', content: 'New', author: 'Cy' },
      cookie,
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      id: ids.Draft,
      title: 'Draft v2',
      content: 'New',
      author: 'Cy',
      isPublished: false,
      publicationDate: '2025-12-01',
      coverImage: null,
      coverAlt: null,
    })
    const published = await send(
      'PUT',
      `/${ids.Draft}`,
      { title: 'Draft v2', content: 'New', isPublished: true },
      cookie,
    )
    expect(await published.json()).toMatchObject({
      isPublished: true,
      author: t.deps.config.site.mapTeamName,
    })
    expect((await t.request(`/api/blog-posts/${ids.Draft}`)).status).toBe(200)
  })

  it('refuses bad updates and unknown ids, changing nothing', async () => {
    const cookie = await t.signIn(ADMIN)
    const [before] = await t.db
      .select()
      .from(blogPosts)
      .where(eq(blogPosts.id, ids.Old as string))
    const blank = await send('PUT', `/${ids.Old}`, { title: ' ', content: 'C' }, cookie)
    expect(blank.status).toBe(422)
    expect((await blank.json()).error.fields.title).toEqual(['Please enter a title for the blog post.'])
    for (const id of ['00000000-0000-4000-8000-000000000000', 'old']) {
      const response = await send('PUT', `/${id}`, { title: 'T', content: 'C' }, cookie)
      expect(response.status).toBe(404)
      expect((await response.json()).error.message).toBe('Blog post not found.')
    }
    const [after] = await t.db
      .select()
      .from(blogPosts)
      .where(eq(blogPosts.id, ids.Old as string))
    expect(after).toEqual(before)
  })

  it('deletes a post with 204, then answers 404', async () => {
    const cookie = await t.signIn(ADMIN)
    const created = await (await send('POST', '', { title: 'Gone soon', content: 'C' }, cookie)).json()
    const response = await send('DELETE', `/${created.id}`, undefined, cookie)
    expect(response.status).toBe(204)
    expect(await response.text()).toBe('')
    const again = await send('DELETE', `/${created.id}`, undefined, cookie)
    expect(again.status).toBe(404)
    expect((await again.json()).error.message).toBe('Blog post not found.')
    expect((await send('DELETE', '/not-a-uuid', undefined, cookie)).status).toBe(404)
  })
})

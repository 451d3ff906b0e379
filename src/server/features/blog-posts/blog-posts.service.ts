import { and, count, desc, eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { blogPosts } from '#server/db/schema.ts'
import { AppError } from '#server/lib/errors.ts'
import type { BlogPostInput } from '#shared/blog.ts'
import { todayInTimeZone } from '#shared/dates.ts'
import type { BlogPostDto } from '#shared/dto.ts'

export const BLOG_POST_NOT_FOUND = 'Blog post not found.'

const postColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  content: blogPosts.content,
  author: blogPosts.author,
  isPublished: blogPosts.isPublished,
  publicationDate: blogPosts.publicationDate,
}
type PostRow = { [K in keyof typeof postColumns]: (typeof blogPosts.$inferSelect)[K] }

function toBlogPostDto(row: PostRow): BlogPostDto {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    author: row.author,
    isPublished: row.isPublished,
    publicationDate: row.publicationDate,
  }
}

// Newest publication first; posts of one day newest-created first.
const newestFirst = [desc(blogPosts.publicationDate), desc(blogPosts.createdAt)]

/**
 * One page of the published posts, newest first, and how many there are: anonymous callers never get
 * an answer that grows with the number of posts (2,000 posts were once a 3.3 MB answer).
 */
export async function listPublishedPostsPage(
  db: Db,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<{ posts: BlogPostDto[]; total: number }> {
  const published = eq(blogPosts.isPublished, true)
  const rows = await db
    .select(postColumns)
    .from(blogPosts)
    .where(published)
    .orderBy(...newestFirst)
    .limit(pageSize)
    .offset((page - 1) * pageSize)
  const [counted] = await db.select({ total: count() }).from(blogPosts).where(published)
  return { posts: rows.map(toBlogPostDto), total: counted?.total ?? 0 }
}

/** Every published post's id and date, newest first: the sitemap's entries (ids only, no text). */
export async function listPublishedPostRefs(db: Db): Promise<{ id: string; publicationDate: string }[]> {
  return db
    .select({ id: blogPosts.id, publicationDate: blogPosts.publicationDate })
    .from(blogPosts)
    .where(eq(blogPosts.isPublished, true))
    .orderBy(...newestFirst)
}

export async function getPublishedPost(db: Db, id: string): Promise<BlogPostDto> {
  const [row] = await db
    .select(postColumns)
    .from(blogPosts)
    .where(and(eq(blogPosts.id, id), eq(blogPosts.isPublished, true)))
  if (!row) throw new AppError('not_found', BLOG_POST_NOT_FOUND)
  return toBlogPostDto(row)
}

/** Admin list: drafts too. */
export async function listAllPosts(db: Db): Promise<BlogPostDto[]> {
  const rows = await db
    .select(postColumns)
    .from(blogPosts)
    .orderBy(...newestFirst)
  return rows.map(toBlogPostDto)
}

/** A missing or blank author is the map team's name. */
const authorOf = (input: BlogPostInput, defaultAuthor: string) => input.author || defaultAuthor

export async function createPost(
  db: Db,
  input: BlogPostInput,
  site: { defaultAuthor: string; timeZone: string },
  now: Date = new Date(),
): Promise<BlogPostDto> {
  const [row] = await db
    .insert(blogPosts)
    .values({
      title: input.title,
      content: input.content,
      author: authorOf(input, site.defaultAuthor),
      isPublished: input.isPublished ?? false,
      // The town's date, not UTC's nor the database session's.
      publicationDate: todayInTimeZone(site.timeZone, now),
    })
    .returning(postColumns)
  if (!row) throw new Error('blog post insert returned no row')
  return toBlogPostDto(row)
}

/** Replaces title, content and author; the publish state only when sent. The publication date stays. */
export async function updatePost(
  db: Db,
  id: string,
  input: BlogPostInput,
  defaultAuthor: string,
): Promise<BlogPostDto> {
  const [row] = await db
    .update(blogPosts)
    .set({
      title: input.title,
      content: input.content,
      author: authorOf(input, defaultAuthor),
      ...(input.isPublished !== undefined ? { isPublished: input.isPublished } : {}),
      updatedAt: new Date(),
    })
    .where(eq(blogPosts.id, id))
    .returning(postColumns)
  if (!row) throw new AppError('not_found', BLOG_POST_NOT_FOUND)
  return toBlogPostDto(row)
}

export async function deletePost(db: Db, id: string): Promise<void> {
  const deleted = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id })
  if (deleted.length === 0) throw new AppError('not_found', BLOG_POST_NOT_FOUND)
}

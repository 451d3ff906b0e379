import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { blogPosts, mediaItems } from '#server/db/schema.ts'
import { AppError } from '#server/lib/errors.ts'
import { type BlogPostInput, COVER_NOT_FOUND_MESSAGE } from '#shared/blog.ts'
import { todayInTimeZone } from '#shared/dates.ts'
import type { BlogPostDto } from '#shared/dto.ts'
import { mediaUrl } from '#shared/media-url.ts'

export const BLOG_POST_NOT_FOUND = 'Blog post not found.'

const postColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  content: blogPosts.content,
  author: blogPosts.author,
  isPublished: blogPosts.isPublished,
  publicationDate: blogPosts.publicationDate,
  coverMediaId: blogPosts.coverMediaId,
  coverAlt: blogPosts.coverAlt,
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
    coverImage: row.coverMediaId
      ? { mediaId: row.coverMediaId, url: mediaUrl(row.coverMediaId), alt: row.coverAlt || row.title }
      : null,
    coverAlt: row.coverAlt,
  }
}

/** 422 unless the cover names an uploaded media item. */
async function requireCover(db: Db, mediaId: string | null | undefined): Promise<void> {
  if (!mediaId) return
  const [found] = await db.select({ id: mediaItems.id }).from(mediaItems).where(eq(mediaItems.id, mediaId))
  if (!found)
    throw new AppError('validation_failed', COVER_NOT_FOUND_MESSAGE, {
      coverMediaId: [COVER_NOT_FOUND_MESSAGE],
    })
}

// Newest publication first (an undated draft before all), posts of one day newest-created first.
const newestFirst = [sql`${blogPosts.publicationDate} desc nulls first`, desc(blogPosts.createdAt)]

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
  const rows = await db
    .select({ id: blogPosts.id, publicationDate: blogPosts.publicationDate })
    .from(blogPosts)
    .where(and(eq(blogPosts.isPublished, true), isNotNull(blogPosts.publicationDate)))
    .orderBy(...newestFirst)
  return rows.flatMap((r) => (r.publicationDate ? [{ id: r.id, publicationDate: r.publicationDate }] : []))
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
  await requireCover(db, input.coverMediaId)
  const isPublished = input.isPublished ?? false
  const [row] = await db
    .insert(blogPosts)
    .values({
      title: input.title,
      content: input.content,
      author: authorOf(input, site.defaultAuthor),
      isPublished,
      // The chosen date, else the town's date (not UTC's nor the database session's) once it is published.
      publicationDate: input.publicationDate ?? (isPublished ? todayInTimeZone(site.timeZone, now) : null),
      coverMediaId: input.coverMediaId ?? null,
      coverAlt: input.coverAlt || null,
    })
    .returning(postColumns)
  if (!row) throw new Error('blog post insert returned no row')
  return toBlogPostDto(row)
}

/**
 * Replaces title, content and author; the publish state, publication date, cover and alt text only when
 * sent. A post published for the first time without a date is dated the town's today; a date, once set,
 * changes only when the administrator sends another.
 */
export async function updatePost(
  db: Db,
  id: string,
  input: BlogPostInput,
  site: { defaultAuthor: string; timeZone: string },
  now: Date = new Date(),
): Promise<BlogPostDto> {
  await requireCover(db, input.coverMediaId)
  const [row] = await db
    .update(blogPosts)
    .set({
      title: input.title,
      content: input.content,
      author: authorOf(input, site.defaultAuthor),
      ...(input.isPublished !== undefined ? { isPublished: input.isPublished } : {}),
      publicationDate: input.publicationDate
        ? input.publicationDate
        : input.isPublished
          ? sql`coalesce(${blogPosts.publicationDate}, ${todayInTimeZone(site.timeZone, now)}::date)`
          : sql`${blogPosts.publicationDate}`,
      ...(input.coverMediaId !== undefined ? { coverMediaId: input.coverMediaId } : {}),
      ...(input.coverAlt !== undefined ? { coverAlt: input.coverAlt || null } : {}),
      updatedAt: now,
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

import { z } from 'zod'
import { BLOG_PAGE_SIZE, MAX_BLOG_PAGE_SIZE } from './blog-pages.ts'

/** The 'Title Required' / 'Content Required' toast descriptions, used verbatim as field errors. */
export const TITLE_REQUIRED_MESSAGE = 'Please enter a title for the blog post.'
export const CONTENT_REQUIRED_MESSAGE = 'Please enter content for the blog post.'
export const PUBLICATION_DATE_MESSAGE = 'Enter a publication date between 2000-01-01 and 2099-12-31.'
export const COVER_NOT_FOUND_MESSAGE = 'Choose an image from the media library for the cover.'

/** A real calendar date, YYYY-MM-DD, in 2000–2099. */
function isPublicationDate(value: string): boolean {
  const match = /^(20\d\d)-(\d\d)-(\d\d)$/.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/**
 * POST /api/admin/blog-posts and PUT /api/admin/blog-posts/:id → BlogPostDto.
 * Title and content must not be blank after trimming; the author is not checked for blankness and a
 * missing or blank author becomes the map team's name.
 */
export const blogPostInputSchema = z.object({
  title: z
    .string({ error: TITLE_REQUIRED_MESSAGE })
    .trim()
    .min(1, TITLE_REQUIRED_MESSAGE)
    .max(300, 'Use at most 300 characters for the title.'),
  content: z.string({ error: CONTENT_REQUIRED_MESSAGE }).trim().min(1, CONTENT_REQUIRED_MESSAGE),
  author: z.string().trim().max(200, 'Use at most 200 characters for the author.').nullish(),
  /** Create: defaults to false (Draft). Update: leaves the current state when missing. */
  isPublished: z.boolean().optional(),
  /**
   * The date the post is dated ('YYYY-MM-DD'). Missing or null: the current one is kept, and a post that
   * has none gets the town's date when it is first published.
   */
  publicationDate: z
    .string({ error: PUBLICATION_DATE_MESSAGE })
    .refine(isPublicationDate, PUBLICATION_DATE_MESSAGE)
    .nullish(),
  /** An uploaded media item's id (its storage path), or null for no cover. Missing: left as it is. */
  coverMediaId: z
    .string({ error: COVER_NOT_FOUND_MESSAGE })
    .trim()
    .min(1, COVER_NOT_FOUND_MESSAGE)
    .max(500, COVER_NOT_FOUND_MESSAGE)
    .nullish(),
  /** Blank or null: the title is the alt text. */
  coverAlt: z.string().trim().max(300, 'Use at most 300 characters for the alt text.').nullish(),
})
export type BlogPostInput = z.infer<typeof blogPostInputSchema>

/** GET /api/blog-posts?page=N&pageSize=M: page 1 and BLOG_PAGE_SIZE by default; pageSize at most 50. */
export const blogListQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'The page must be a whole number from 1.' })
    .int('The page must be a whole number from 1.')
    .min(1, 'The page must be a whole number from 1.')
    .max(100_000, 'The page must be at most 100000.')
    .default(1),
  pageSize: z.coerce
    .number({ error: `The page size must be a whole number from 1 to ${MAX_BLOG_PAGE_SIZE}.` })
    .int(`The page size must be a whole number from 1 to ${MAX_BLOG_PAGE_SIZE}.`)
    .min(1, `The page size must be a whole number from 1 to ${MAX_BLOG_PAGE_SIZE}.`)
    .max(MAX_BLOG_PAGE_SIZE, `The page size must be a whole number from 1 to ${MAX_BLOG_PAGE_SIZE}.`)
    .default(BLOG_PAGE_SIZE),
})

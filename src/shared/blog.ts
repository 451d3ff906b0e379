import { z } from 'zod'
import { BLOG_PAGE_SIZE, MAX_BLOG_PAGE_SIZE } from './blog-pages.ts'

/** The 'Title Required' / 'Content Required' toast descriptions, used verbatim as field errors. */
export const TITLE_REQUIRED_MESSAGE = 'Please enter a title for the blog post.'
export const CONTENT_REQUIRED_MESSAGE = 'Please enter content for the blog post.'

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

/** Posts per page of the public blog list (/blog?page=N and GET /api/blog-posts?page=N). */
export const BLOG_PAGE_SIZE = 12
/** The most posts one GET /api/blog-posts answer may hold (?pageSize). */
export const MAX_BLOG_PAGE_SIZE = 50

/** The page a /blog?page= value names: 1 for anything that is not a whole number from 1. */
export function blogPageOf(value: string | null | undefined): number {
  // At most 5 digits: the API takes pages up to 100000.
  if (!value || !/^\d{1,5}$/.test(value)) return 1
  return Math.max(1, Number(value))
}

export const blogPageCount = (total: number, pageSize = BLOG_PAGE_SIZE) =>
  Math.max(1, Math.ceil(total / pageSize))

/** The URL of page `page` of the blog list: page 1 is plain /blog (one URL per page for crawlers). */
export const blogPageHref = (page: number) => (page <= 1 ? '/blog' : `/blog?page=${page}`)

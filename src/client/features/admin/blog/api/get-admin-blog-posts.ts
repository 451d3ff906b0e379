import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'

export const ADMIN_BLOG_POSTS_KEY = ['admin', 'blog-posts'] as const

/** Every post, drafts included, newest publication date first. */
export function getAdminBlogPosts() {
  return ok(api.admin['blog-posts'].$get())
}

export const adminBlogPostsQueryOptions = queryOptions({
  queryKey: ADMIN_BLOG_POSTS_KEY,
  queryFn: getAdminBlogPosts,
  // The list is kept up to date by hand after each save (spec section 4); a refetch would reorder it.
  staleTime: Number.POSITIVE_INFINITY,
})

export function useAdminBlogPosts() {
  return useQuery(adminBlogPostsQueryOptions)
}

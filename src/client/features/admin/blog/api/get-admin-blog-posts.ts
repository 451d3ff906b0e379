import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import type { BlogPostsResponse } from '#shared/dto.ts'

export const ADMIN_BLOG_POSTS_KEY = ['admin', 'blog-posts'] as const

/** Every post, drafts included, newest publication date first. */
export function getAdminBlogPosts(): Promise<BlogPostsResponse> {
  return apiClient.get<BlogPostsResponse>('/api/admin/blog-posts')
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

import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import type { BlogPostsResponse } from '#shared/dto.ts'

/** GET /api/blog-posts → published posts, newest first. */
export function getBlogPosts(): Promise<BlogPostsResponse> {
  return apiClient.get<BlogPostsResponse>('/api/blog-posts')
}

export const blogPostsQueryOptions = queryOptions({
  queryKey: ['blog-posts'],
  queryFn: getBlogPosts,
  retry: 1,
})

export function useBlogPosts() {
  return useQuery(blogPostsQueryOptions)
}

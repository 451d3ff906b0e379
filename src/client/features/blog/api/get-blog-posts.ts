import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import type { BlogPostPageResponse } from '#shared/dto.ts'

/** GET /api/blog-posts?page=N → one page of the published posts, newest first, and their total. */
export function getBlogPosts(page: number): Promise<BlogPostPageResponse> {
  return apiClient.get<BlogPostPageResponse>(`/api/blog-posts?page=${page}`)
}

export function blogPostsQueryOptions(page: number) {
  return queryOptions({
    queryKey: queryKeys.blogPosts.page(page),
    queryFn: () => getBlogPosts(page),
    retry: 1,
  })
}

export function useBlogPosts(page: number) {
  return useQuery(blogPostsQueryOptions(page))
}

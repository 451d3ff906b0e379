import { queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError, apiClient } from '#client/lib/api-client.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import type { BlogPostDto } from '#shared/dto.ts'

/** GET /api/blog-posts/:id → one published post, or 404 not_found. */
export function getBlogPost(postId: string): Promise<BlogPostDto> {
  return apiClient.get<BlogPostDto>(`/api/blog-posts/${encodeURIComponent(postId)}`)
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404
}

export function blogPostQueryOptions(postId: string) {
  return queryOptions({
    queryKey: queryKeys.blogPosts.post(postId),
    queryFn: () => getBlogPost(postId),
    // A missing post will not appear by asking again; other failures get one more try.
    retry: (failureCount, error) => !isNotFound(error) && failureCount < 1,
  })
}

export function useBlogPost(postId: string) {
  return useQuery(blogPostQueryOptions(postId))
}

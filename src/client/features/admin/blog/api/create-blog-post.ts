import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import type { BlogPostInput } from '#shared/blog.ts'
import type { BlogPostDto, BlogPostsResponse } from '#shared/dto.ts'
import { prependPost } from '../blog-posts-cache'
import { ADMIN_BLOG_POSTS_KEY } from './get-admin-blog-posts'

export function createBlogPost(input: BlogPostInput): Promise<BlogPostDto> {
  return apiClient.post<BlogPostDto>('/api/admin/blog-posts', input)
}

export function useCreateBlogPost() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createBlogPost,
    onSuccess: (post) =>
      queryClient.setQueryData<BlogPostsResponse>(ADMIN_BLOG_POSTS_KEY, (list) => prependPost(list, post)),
  })
}

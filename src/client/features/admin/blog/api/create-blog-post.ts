import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import type { BlogPostInput } from '#shared/blog.ts'
import type { BlogPostsResponse } from '#shared/dto.ts'
import { prependPost } from '../blog-posts-cache'
import { ADMIN_BLOG_POSTS_KEY } from './get-admin-blog-posts'

export function createBlogPost(input: BlogPostInput) {
  return ok(api.admin['blog-posts'].$post({ json: input }))
}

export function useCreateBlogPost() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createBlogPost,
    onSuccess: (post) =>
      queryClient.setQueryData<BlogPostsResponse>(ADMIN_BLOG_POSTS_KEY, (list) => prependPost(list, post)),
  })
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'
import type { BlogPostInput } from '#shared/blog.ts'
import type { BlogPostsResponse } from '#shared/dto.ts'
import { prependPost } from '../blog-posts-cache'

export function createBlogPost(input: BlogPostInput) {
  return ok(api.admin['blog-posts'].$post({ json: input }))
}

export function useCreateBlogPost() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createBlogPost,
    onSuccess: (post) =>
      queryClient.setQueryData<BlogPostsResponse>(adminQueryKeys.blogPosts(), (list) =>
        prependPost(list, post),
      ),
  })
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'
import type { BlogPostInput } from '#shared/blog.ts'
import type { BlogPostsResponse } from '#shared/dto.ts'
import { replacePost } from '../blog-posts-cache'

export function updateBlogPost(id: string, input: BlogPostInput) {
  return ok(api.admin['blog-posts'][':id'].$put({ param: { id: encodeURIComponent(id) }, json: input }))
}

export function useUpdateBlogPost() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: BlogPostInput }) => updateBlogPost(id, input),
    onSuccess: (post) =>
      queryClient.setQueryData<BlogPostsResponse>(adminQueryKeys.blogPosts(), (list) =>
        replacePost(list, post),
      ),
  })
}

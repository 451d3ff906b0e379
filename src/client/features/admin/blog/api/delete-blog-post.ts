import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'
import type { BlogPostsResponse } from '#shared/dto.ts'
import { removePost } from '../blog-posts-cache'

export function deleteBlogPost(id: string) {
  return ok(api.admin['blog-posts'][':id'].$delete({ param: { id: encodeURIComponent(id) } }))
}

export function useDeleteBlogPost() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteBlogPost,
    onSuccess: (_result, id) =>
      queryClient.setQueryData<BlogPostsResponse>(adminQueryKeys.blogPosts(), (list) => removePost(list, id)),
  })
}

import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'

/** Every post, drafts included, newest publication date first. */
export function getAdminBlogPosts() {
  return ok(api.admin['blog-posts'].$get())
}

export const adminBlogPostsQueryOptions = queryOptions({
  queryKey: adminQueryKeys.blogPosts(),
  queryFn: getAdminBlogPosts,
  // The list is kept up to date by hand after each save; a refetch would reorder it.
  staleTime: Number.POSITIVE_INFINITY,
})

export function useAdminBlogPosts() {
  return useQuery(adminBlogPostsQueryOptions)
}

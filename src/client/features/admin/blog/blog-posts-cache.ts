import type { BlogPostDto, BlogPostsResponse } from '#shared/dto.ts'

/**
 * After a save the list updates locally — a new post goes on top, an edited post is
 * replaced where it stands, a deleted post is removed. No refetch, so nothing jumps around.
 */
export function prependPost(list: BlogPostsResponse | undefined, post: BlogPostDto): BlogPostsResponse {
  return { posts: [post, ...(list?.posts ?? []).filter((p) => p.id !== post.id)] }
}

export function replacePost(list: BlogPostsResponse | undefined, post: BlogPostDto): BlogPostsResponse {
  return { posts: (list?.posts ?? []).map((p) => (p.id === post.id ? post : p)) }
}

export function removePost(list: BlogPostsResponse | undefined, id: string): BlogPostsResponse {
  return { posts: (list?.posts ?? []).filter((p) => p.id !== id) }
}

import { useEffect } from 'react'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { useBlogPosts } from '../api/get-blog-posts'
import { BlogPostCard } from './blog-post-card'

/** Spec section 2: the grid of published posts, or the empty state; a failed load toasts (section 8). */
export function BlogPostList() {
  const { data, isPending, isError, error } = useBlogPosts()

  useEffect(() => {
    if (!isError) return
    console.error(error)
    toast({
      variant: 'destructive',
      title: 'Error',
      description: 'Failed to load blog posts. Please try again.',
    })
  }, [isError, error])

  if (isPending) return <Spinner label="Loading blog posts..." />
  const posts = data?.posts ?? []
  if (posts.length === 0) {
    return (
      <p className="rounded-lg border border-slate-200 bg-slate-50 p-8 text-center text-slate-700">
        No blog posts available at this time. Check back later.
      </p>
    )
  }
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {posts.map((post) => (
        <li key={post.id}>
          <BlogPostCard post={post} />
        </li>
      ))}
    </ul>
  )
}

import { useEffect } from 'react'
import { Link } from 'react-router'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { blogPageCount, blogPageHref } from '#shared/blog-pages.ts'
import { useBlogPosts } from '../api/get-blog-posts'
import { BlogPostCard } from './blog-post-card'

const pageLink = 'text-blue-700 underline underline-offset-4 hover:text-blue-800'

/**
 * The grid of published posts, or the empty state; a failed load toasts.
 * One page at a time, with Previous / Next as plain links (/blog?page=N) that crawlers follow.
 */
export function BlogPostList({ page }: { page: number }) {
  const { data, isPending, isError, error } = useBlogPosts(page)

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
  const pages = data ? blogPageCount(data.total, data.pageSize) : 1
  if (posts.length === 0 && page <= 1) {
    return (
      <p className="rounded-lg border border-slate-200 bg-slate-50 p-8 text-center text-slate-700">
        No blog posts available at this time. Check back later.
      </p>
    )
  }
  return (
    <>
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {posts.map((post) => (
          <li key={post.id}>
            <BlogPostCard post={post} />
          </li>
        ))}
      </ul>
      {pages > 1 || page > 1 ? (
        <nav aria-label="Blog pages" className="flex items-center justify-between gap-4">
          {page > 1 ? (
            <Link to={blogPageHref(Math.min(page - 1, pages))} rel="prev" className={pageLink}>
              Previous
            </Link>
          ) : (
            <span />
          )}
          <span className="text-slate-700">
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Link to={blogPageHref(page + 1)} rel="next" className={pageLink}>
              Next
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </>
  )
}

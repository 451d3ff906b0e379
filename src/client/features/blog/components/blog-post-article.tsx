import { useEffect } from 'react'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { isNotFound, useBlogPost } from '../api/get-blog-post'
import { splitIntoParagraphs } from '../blog-text'
import { BlogPostMeta } from './blog-post-meta'

/** Title, author, date and the content as plain-text paragraphs; a missing post says so. */
export function BlogPostArticle({ postId }: { postId: string }) {
  const { data: post, isPending, isError, error } = useBlogPost(postId)
  const isMissing = isError && isNotFound(error)

  useEffect(() => {
    if (!isError || isNotFound(error)) return
    console.error(error)
    toast({
      variant: 'destructive',
      title: 'Error',
      description: 'Failed to load blog post. Please try again.',
    })
  }, [isError, error])

  if (isPending) return <Spinner label="Loading blog post..." />
  if (isMissing || !post) {
    return <h1 className="text-3xl text-slate-900 md:text-4xl">Blog post not found.</h1>
  }
  return (
    <article className="space-y-6">
      <header className="space-y-3">
        <h1 className="text-4xl break-words text-slate-900 md:text-5xl">{post.title}</h1>
        <BlogPostMeta author={post.author} publicationDate={post.publicationDate} />
      </header>
      {post.coverImage ? (
        <img
          src={post.coverImage.url}
          alt={post.coverImage.alt}
          width={1200}
          height={630}
          className="aspect-[40/21] h-auto w-full rounded-lg bg-slate-100 object-cover"
        />
      ) : null}
      <div className="space-y-4 text-lg leading-relaxed break-words text-slate-800">
        {splitIntoParagraphs(post.content).map((paragraph, index) => (
          // Paragraphs have no identity of their own and never reorder.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <p key={index}>{paragraph}</p>
        ))}
      </div>
    </article>
  )
}

import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { blogPreview } from '#shared/blog-preview.ts'
import type { BlogPostDto } from '#shared/dto.ts'
import { BlogPostMeta } from './blog-post-meta'

export function BlogPostCard({ post }: { post: BlogPostDto }) {
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      {post.coverImage ? (
        <img
          src={post.coverImage.url}
          alt={post.coverImage.alt}
          loading="lazy"
          decoding="async"
          width={1200}
          height={630}
          className="aspect-[40/21] h-auto w-full bg-slate-100 object-cover"
        />
      ) : null}
      <CardHeader>
        <CardTitle className="text-2xl leading-tight">{post.title}</CardTitle>
        <BlogPostMeta author={post.author} publicationDate={post.publicationDate} />
      </CardHeader>
      <CardContent className="flex flex-1 flex-col justify-between gap-4">
        <p className="break-words text-slate-800">{blogPreview(post.content)}</p>
        <Link
          to={`/blog/${post.id}`}
          className="inline-flex items-center gap-1 self-start font-medium text-blue-700 underline-offset-4 hover:text-blue-800 hover:underline"
        >
          Read More
          <span className="sr-only"> about {post.title}</span>
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </CardContent>
    </Card>
  )
}

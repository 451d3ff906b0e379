import { ArrowLeft } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { PageContainer } from '#client/app/layout/page-section.tsx'
import { useDocumentTitle } from '#client/app/use-document-title.ts'
import { useBlogPost } from '#client/features/blog/api/get-blog-post.ts'
import { BlogPostArticle } from '#client/features/blog/components/blog-post-article.tsx'

export function BlogPostPage() {
  const { postId = '' } = useParams()
  // The post's own title once it is known (the server's HTML has it from the start).
  useDocumentTitle(useBlogPost(postId).data?.title ?? 'Blog')

  return (
    <PageContainer className="max-w-3xl space-y-6">
      <Link
        to="/blog"
        className="inline-flex items-center gap-2 text-blue-700 underline-offset-4 hover:text-blue-800 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Blog
      </Link>
      <BlogPostArticle key={postId} postId={postId} />
    </PageContainer>
  )
}

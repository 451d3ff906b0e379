import { ArrowLeft } from 'lucide-react'
import { Link } from 'react-router'
import { PageContainer, PageTitle } from '../../layout/page-section'
import { useDocumentTitle } from '../../use-document-title'

export function BlogPostPage() {
  useDocumentTitle('Blog')

  return (
    <PageContainer className="max-w-3xl space-y-6">
      <Link to="/blog" className="inline-flex items-center gap-2 text-blue-700 hover:text-blue-800">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Blog
      </Link>
      <article className="space-y-4">
        <PageTitle className="sr-only">Blog Post</PageTitle>
      </article>
    </PageContainer>
  )
}

import { BlogPostList } from '../../../features/blog/components/blog-post-list'
import { PageContainer, PageTitle } from '../../layout/page-section'
import { useSiteConfig } from '../../site-config'
import { useDocumentTitle } from '../../use-document-title'

export function BlogListPage() {
  const config = useSiteConfig()
  useDocumentTitle('Blog')

  return (
    <PageContainer className="max-w-6xl space-y-8">
      <header className="space-y-2">
        <PageTitle>Blog</PageTitle>
        <p className="text-slate-700">
          News and stories from {config.productName} and {config.town}.
        </p>
      </header>
      <BlogPostList />
    </PageContainer>
  )
}

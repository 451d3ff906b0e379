import { useSearchParams } from 'react-router'
import { PageContainer, PageTitle } from '#client/app/layout/page-section.tsx'
import { useSiteConfig } from '#client/app/site-config.ts'
import { useDocumentTitle } from '#client/app/use-document-title.ts'
import { BlogPostList } from '#client/features/blog/components/blog-post-list.tsx'
import { blogPageOf } from '#shared/blog-pages.ts'

export function BlogListPage() {
  const config = useSiteConfig()
  const [params] = useSearchParams()
  const page = blogPageOf(params.get('page'))
  useDocumentTitle(page > 1 ? `Blog, page ${page}` : 'Blog')

  return (
    <PageContainer className="max-w-6xl space-y-8">
      <header className="space-y-2">
        <PageTitle>Blog</PageTitle>
        <p className="text-slate-700">
          News and stories from {config.productName} and {config.town}.
        </p>
      </header>
      <BlogPostList key={page} page={page} />
    </PageContainer>
  )
}

import { Pencil, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#client/components/ui/table.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import {
  STACKED_CELL,
  STACKED_HEADER,
  STACKED_ROW,
  STACKED_TABLE,
} from '#client/features/admin/components/stacked-table.ts'
import { useLoadErrorToast } from '#client/features/admin/hooks/use-load-error-toast.ts'
import { cn } from '#client/lib/cn.ts'
import type { BlogPostDto } from '#shared/dto.ts'
import { formatDayDate } from '#shared/format.ts'
import { useDeleteBlogPost } from '../api/delete-blog-post'
import { useAdminBlogPosts } from '../api/get-admin-blog-posts'
import { BlogPostDialog } from './blog-post-dialog'

/** The Blog Posts section. Its heading and description come from the dashboard. */
export function BlogManagement({ defaultAuthor }: { defaultAuthor: string }) {
  const { data, isPending, isError } = useAdminBlogPosts()
  useLoadErrorToast(isError, 'Failed to load blog posts. Please try again.')
  const remove = useDeleteBlogPost()
  const [dialog, setDialog] = useState<{ open: boolean; post: BlogPostDto | null }>({
    open: false,
    post: null,
  })
  const posts = data?.posts ?? []

  const openCreate = () => setDialog({ open: true, post: null })

  // Delete is immediate, with no confirmation.
  function deletePost(post: BlogPostDto) {
    remove.mutate(post.id, {
      onSuccess: () =>
        toast({ title: 'Post Deleted', description: 'The blog post has been deleted successfully.' }),
      onError: () =>
        toast({
          variant: 'destructive',
          title: 'Deletion Failed',
          description: 'Failed to delete the blog post. Please try again.',
        }),
    })
  }

  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Button onClick={openCreate}>
          <Plus aria-hidden="true" />
          Add Post
        </Button>
      </div>
      {isPending ? (
        <Spinner label="Loading blog posts..." />
      ) : isError && !data ? (
        <p className="rounded-md border border-red-200 bg-red-50 p-4 text-red-900">
          Failed to load blog posts. Please try again.
        </p>
      ) : posts.length === 0 ? (
        <div className="space-y-3 rounded-md border border-slate-200 p-6 text-center">
          <p className="text-slate-700">No blog posts found. Create your first post.</p>
          <Button variant="outline" onClick={openCreate}>
            <Plus aria-hidden="true" />
            Add Post
          </Button>
        </div>
      ) : (
        <Table label="Blog posts" className={STACKED_TABLE}>
          <TableHeader className={STACKED_HEADER}>
            <TableRow>
              <TableHead>Title</TableHead>
              <TableHead>Author</TableHead>
              <TableHead>Date</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {posts.map((post) => (
              <TableRow key={post.id} className={STACKED_ROW}>
                {/* Plain text only: React escapes it, and nothing is rendered as HTML. */}
                <TableCell data-label="Title" className={cn('min-w-40 font-medium', STACKED_CELL)}>
                  {post.title}
                </TableCell>
                <TableCell data-label="Author" className={STACKED_CELL}>
                  {post.author}
                </TableCell>
                <TableCell data-label="Date" className={cn('whitespace-nowrap', STACKED_CELL)}>
                  {post.publicationDate ? formatDayDate(post.publicationDate.slice(0, 10)) : 'When published'}
                </TableCell>
                <TableCell data-label="Status" className={STACKED_CELL}>
                  {post.isPublished ? (
                    <Badge variant="success">Published</Badge>
                  ) : (
                    <Badge variant="secondary">Draft</Badge>
                  )}
                </TableCell>
                <TableCell data-label="Actions" className={STACKED_CELL}>
                  <div className="flex gap-1">
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Edit ${post.title}`}
                      onClick={() => setDialog({ open: true, post })}
                    >
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="text-red-700"
                      aria-label={`Delete ${post.title}`}
                      disabled={remove.isPending && remove.variables === post.id}
                      onClick={() => deletePost(post)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <BlogPostDialog
        open={dialog.open}
        post={dialog.post}
        defaultAuthor={defaultAuthor}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
      />
    </div>
  )
}

import { type FormEvent, useEffect, useState } from 'react'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Switch } from '#client/components/ui/switch.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { FormDialog } from '#client/features/admin/components/form-dialog.tsx'
import { CONTENT_REQUIRED_MESSAGE, TITLE_REQUIRED_MESSAGE } from '#shared/blog.ts'
import type { BlogPostDto } from '#shared/dto.ts'
import { useCreateBlogPost } from '../api/create-blog-post'
import { useUpdateBlogPost } from '../api/update-blog-post'

type Draft = { title: string; author: string; content: string; isPublished: boolean }

function saveFailed() {
  toast({
    variant: 'destructive',
    title: 'Save Failed',
    description: 'Failed to save the blog post. Please try again.',
  })
}

/** One dialog for create and edit. */
export function BlogPostDialog({
  open,
  post,
  defaultAuthor,
  onOpenChange,
}: {
  open: boolean
  /** The post being edited, or null to create one. */
  post: BlogPostDto | null
  defaultAuthor: string
  onOpenChange: (open: boolean) => void
}) {
  const isEdit = post !== null
  const [draft, setDraft] = useState<Draft>({
    title: '',
    author: defaultAuthor,
    content: '',
    isPublished: false,
  })
  const create = useCreateBlogPost()
  const update = useUpdateBlogPost()
  const isSaving = create.isPending || update.isPending

  useEffect(() => {
    if (!open) return
    setDraft(
      post
        ? { title: post.title, author: post.author, content: post.content, isPublished: post.isPublished }
        : { title: '', author: defaultAuthor, content: '', isPublished: false },
    )
  }, [open, post, defaultAuthor])

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // Title and content must not be blank after trimming; the author is not checked.
    if (!draft.title.trim()) {
      toast({ variant: 'destructive', title: 'Title Required', description: TITLE_REQUIRED_MESSAGE })
      return
    }
    if (!draft.content.trim()) {
      toast({ variant: 'destructive', title: 'Content Required', description: CONTENT_REQUIRED_MESSAGE })
      return
    }
    const input = {
      title: draft.title,
      content: draft.content,
      author: draft.author,
      isPublished: draft.isPublished,
    }
    if (post) {
      update.mutate(
        { id: post.id, input },
        {
          onSuccess: () => {
            onOpenChange(false)
            toast({ title: 'Post Updated', description: 'The blog post has been updated successfully.' })
          },
          onError: saveFailed,
        },
      )
    } else {
      create.mutate(input, {
        onSuccess: () => {
          onOpenChange(false)
          toast({ title: 'Post Created', description: 'The blog post has been created successfully.' })
        },
        onError: saveFailed,
      })
    }
  }

  // No native validation: the 'Title Required' / 'Content Required' toasts explain blank fields.
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-w-2xl"
      title={isEdit ? 'Edit Blog Post' : 'Create New Blog Post'}
      description={
        isEdit ? 'Update the details of your blog post.' : 'Fill in the details to create a new blog post.'
      }
      onSubmit={handleSubmit}
      submitLabel={isEdit ? 'Update Post' : 'Create Post'}
      isSubmitting={isSaving}
    >
      <div className="space-y-2">
        <Label htmlFor="blog-post-title">Title</Label>
        <Input
          id="blog-post-title"
          required
          placeholder="Enter post title"
          value={draft.title}
          onChange={(e) => setDraft({ ...draft, title: e.target.value })}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="blog-post-author">Author</Label>
        <Input
          id="blog-post-author"
          required
          placeholder="Enter author name"
          value={draft.author}
          onChange={(e) => setDraft({ ...draft, author: e.target.value })}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="blog-post-content">Content</Label>
        <Textarea
          id="blog-post-content"
          required
          rows={10}
          placeholder="Enter post content"
          value={draft.content}
          onChange={(e) => setDraft({ ...draft, content: e.target.value })}
        />
      </div>
      <div className="flex items-center gap-3">
        <Switch
          id="blog-post-published"
          checked={draft.isPublished}
          onCheckedChange={(isPublished) => setDraft({ ...draft, isPublished })}
        />
        <Label htmlFor="blog-post-published">Publish post</Label>
      </div>
    </FormDialog>
  )
}

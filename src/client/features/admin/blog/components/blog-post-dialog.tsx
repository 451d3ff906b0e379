import { type FormEvent, useEffect, useState } from 'react'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select.tsx'
import { Switch } from '#client/components/ui/switch.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { FormDialog } from '#client/features/admin/components/form-dialog.tsx'
import { useAdminMedia } from '#client/features/admin/media/api/get-admin-media.ts'
import { CONTENT_REQUIRED_MESSAGE, TITLE_REQUIRED_MESSAGE } from '#shared/blog.ts'
import type { BlogPostDto } from '#shared/dto.ts'
import { useCreateBlogPost } from '../api/create-blog-post'
import { useUpdateBlogPost } from '../api/update-blog-post'

type Draft = {
  title: string
  author: string
  content: string
  isPublished: boolean
  /** 'YYYY-MM-DD', or '' for the day it is first published. */
  publicationDate: string
  /** A blog_cover media item's id, or NO_COVER. */
  coverMediaId: string
  coverAlt: string
}

const NO_COVER = 'none'

const emptyDraft = (author: string): Draft => ({
  title: '',
  author,
  content: '',
  isPublished: false,
  publicationDate: '',
  coverMediaId: NO_COVER,
  coverAlt: '',
})

const draftOf = (post: BlogPostDto): Draft => ({
  title: post.title,
  author: post.author,
  content: post.content,
  isPublished: post.isPublished,
  publicationDate: post.publicationDate ?? '',
  coverMediaId: post.coverImage?.mediaId ?? NO_COVER,
  coverAlt: post.coverAlt ?? '',
})

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
  const [draft, setDraft] = useState<Draft>(emptyDraft(defaultAuthor))
  const covers = useAdminMedia('blog_cover')
  const create = useCreateBlogPost()
  const update = useUpdateBlogPost()
  const isSaving = create.isPending || update.isPending

  useEffect(() => {
    if (!open) return
    setDraft(post ? draftOf(post) : emptyDraft(defaultAuthor))
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
      publicationDate: draft.publicationDate || null,
      coverMediaId: draft.coverMediaId === NO_COVER ? null : draft.coverMediaId,
      coverAlt: draft.coverAlt.trim() || null,
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
      <div className="space-y-2">
        <Label htmlFor="blog-post-date">Publication date</Label>
        <Input
          id="blog-post-date"
          type="date"
          min="2000-01-01"
          max="2099-12-31"
          aria-describedby="blog-post-date-hint"
          value={draft.publicationDate}
          onChange={(e) => setDraft({ ...draft, publicationDate: e.target.value })}
        />
        <p id="blog-post-date-hint" className="text-sm text-slate-700">
          Leave it empty to date the post the day it is first published.
        </p>
      </div>
      <div className="space-y-2">
        <Label htmlFor="blog-post-cover">Cover image</Label>
        <Select
          value={draft.coverMediaId}
          onValueChange={(coverMediaId) => setDraft({ ...draft, coverMediaId })}
        >
          <SelectTrigger id="blog-post-cover" aria-describedby="blog-post-cover-hint">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NO_COVER}>No cover image</SelectItem>
            {/* The chosen cover stays listed even if the library's list has not loaded yet. */}
            {post?.coverImage &&
            !(covers.data?.items ?? []).some((item) => item.id === post.coverImage?.mediaId) ? (
              <SelectItem value={post.coverImage.mediaId}>
                {post.coverImage.mediaId.split('/').pop()}
              </SelectItem>
            ) : null}
            {(covers.data?.items ?? []).map((item) => (
              <SelectItem key={item.id} value={item.id}>
                {item.title}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <p id="blog-post-cover-hint" className="text-sm text-slate-700">
          Upload covers under Media, Blog Cover.
        </p>
      </div>
      <div className="space-y-2">
        <Label htmlFor="blog-post-cover-alt">Cover image alt text</Label>
        <Input
          id="blog-post-cover-alt"
          placeholder="Leave empty to use the title"
          maxLength={300}
          value={draft.coverAlt}
          onChange={(e) => setDraft({ ...draft, coverAlt: e.target.value })}
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

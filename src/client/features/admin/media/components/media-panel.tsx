import { RefreshCw, Trash2, Upload } from 'lucide-react'
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { ConfirmDialog } from '#client/features/admin/components/confirm-dialog.tsx'
import { errorDescription } from '#client/features/admin/hooks/error-message.ts'
import { useLoadErrorToast } from '#client/features/admin/hooks/use-load-error-toast.ts'
import type { MediaItemDto, MediaType } from '#shared/dto.ts'
import { useDeleteMedia } from '../api/delete-media'
import { useAdminMedia } from '../api/get-admin-media'
import { useUploadMedia } from '../api/upload-media'
import { validateUpload } from '../validate-upload'

const LOAD_ERROR = 'Failed to load media. Please try again.'

function authenticationRequired() {
  toast({
    variant: 'destructive',
    title: 'Authentication Required',
    description: 'You must be logged in as admin to upload or delete media.',
  })
}

export function MediaPanel({
  type,
  label,
  isSignedIn,
}: {
  type: MediaType
  label: string
  isSignedIn: boolean
}) {
  const [file, setFile] = useState<File | null>(null)
  const [deleting, setDeleting] = useState<MediaItemDto | null>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const { data, isPending, isError, isFetching, refetch } = useAdminMedia(type)
  useLoadErrorToast(isError, LOAD_ERROR)
  const upload = useUploadMedia(type)
  const remove = useDeleteMedia(type)
  const items = data?.items ?? []
  const inputId = `media-file-${type}`

  function handleFileChange(event: ChangeEvent<HTMLInputElement>) {
    setFile(event.target.files?.[0] ?? null)
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!isSignedIn) return authenticationRequired()
    if (!file) {
      toast({
        variant: 'destructive',
        title: 'Upload Failed',
        description: 'Please choose a file to upload.',
      })
      return
    }
    const problem = validateUpload(file)
    if (problem) {
      toast({ variant: 'destructive', title: 'Upload Failed', description: problem })
      return
    }
    upload.mutate(file, {
      onSuccess: () => {
        toast({
          title: 'Upload Successful',
          description: `The ${label.toLowerCase()} image has been uploaded.`,
        })
        setFile(null)
        if (inputRef.current) inputRef.current.value = ''
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Upload Failed',
          description: errorDescription(error, 'Failed to upload the image. Please try again.'),
        }),
    })
  }

  function confirmDelete() {
    const item = deleting
    if (!item) return
    if (!isSignedIn) return authenticationRequired()
    remove.mutate(item.id, {
      onSuccess: () => toast({ title: 'Image Deleted', description: `${item.title} has been deleted.` }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Delete Failed',
          description: errorDescription(error, 'Failed to delete the image. Please try again.'),
        }),
    })
  }

  return (
    <div className="space-y-4">
      <form className="flex flex-wrap items-end gap-3" onSubmit={handleSubmit}>
        <div className="min-w-0 space-y-2">
          <Label htmlFor={inputId}>Choose File</Label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept="image/*"
            onChange={handleFileChange}
            className="block w-full max-w-xs text-sm text-slate-900 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium"
          />
        </div>
        <Button type="submit" disabled={!isSignedIn || upload.isPending}>
          <Upload aria-hidden="true" />
          {upload.isPending ? 'Uploading...' : 'Upload'}
        </Button>
        <Button type="button" variant="outline" onClick={() => void refetch()} disabled={isFetching}>
          <RefreshCw aria-hidden="true" className={isFetching ? 'animate-spin' : undefined} />
          Refresh
        </Button>
      </form>
      {isPending ? (
        <Spinner label="Loading media..." />
      ) : isError && !data ? (
        <p className="rounded-md border border-red-200 bg-red-50 p-4 text-red-900">{LOAD_ERROR}</p>
      ) : items.length === 0 ? (
        <p className="rounded-md border border-slate-200 p-6 text-center text-slate-700">
          {`No ${label.toLowerCase()} images yet.`}
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={`${label} images`}>
          {items.map((item) => (
            <li key={item.id} className="overflow-hidden rounded-md border border-slate-200">
              <img
                src={item.url}
                alt={item.title}
                className="aspect-video w-full bg-slate-50 object-contain"
              />
              <div className="flex items-center justify-between gap-2 p-2">
                <p className="min-w-0 truncate text-sm text-slate-700" title={item.title}>
                  {item.title}
                </p>
                <Button
                  variant="ghost"
                  size="icon"
                  className="shrink-0 text-red-700"
                  aria-label={`Delete ${item.title}`}
                  disabled={!isSignedIn}
                  onClick={() => setDeleting(item)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Image"
        description={deleting ? `Delete ${deleting.title}? Public pages stop showing it.` : ''}
        confirmLabel="Delete"
        onConfirm={confirmDelete}
      />
    </div>
  )
}

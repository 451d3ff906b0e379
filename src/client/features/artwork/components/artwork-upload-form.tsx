import { type ChangeEvent, type FormEvent, type ReactNode, useRef, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { FieldError, fieldErrorProps } from '#client/components/ui/form-field.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { ApiError } from '#client/lib/api-client.ts'
import { ARTWORK_ACCEPT, type ArtworkPageResponse } from '#shared/artwork.ts'
import { useUploadArtwork } from '../api/upload-artwork'
import { checkArtworkFile } from '../artwork-display'

const UPLOAD_FAILED = 'The upload did not go through. Please check your connection and try again.'

/** The server's words for a refused upload (type, size, deadline, link), else a plain fallback. */
function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.hasServerMessage) return error.message
    return error.fields?.file?.[0] ?? UPLOAD_FAILED
  }
  return UPLOAD_FAILED
}

export type ArtworkUploadFormProps = {
  token: string
  /** The lines the file is for: one, or every line still open for artwork. */
  orderIds: string[]
  /** Unique on the page: the ids of the input and its message derive from it. */
  id: string
  /** The input's label; its accessible name must say which item it is for. */
  inputLabel: ReactNode
  /** The button's content, with a visually hidden part naming the item where the text alone does not. */
  buttonLabel: ReactNode
  onUploaded: (page: ArtworkPageResponse, orderIds: string[]) => void
}

/**
 * A file input and its button. The checks here only spare a pointless upload (no file, over 20 MB);
 * the server decides by the content and its refusal shows in the same place, tied to the input.
 */
export function ArtworkUploadForm({
  token,
  orderIds,
  id,
  inputLabel,
  buttonLabel,
  onUploaded,
}: ArtworkUploadFormProps) {
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState<string | undefined>()
  const inputRef = useRef<HTMLInputElement>(null)
  const upload = useUploadArtwork(token)
  const inputId = `${id}-file`
  const errorId = `${id}-error`

  function showError(message: string) {
    setError(message)
    // Back on the input, a screen reader reads the message through aria-describedby.
    inputRef.current?.focus()
  }

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    setFile(event.target.files?.[0] ?? null)
    setError(undefined)
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (upload.isPending) return
    const problem = checkArtworkFile(file)
    if (problem) return showError(problem)
    if (!file) return
    setError(undefined)
    upload.upload({ file, orderIds }).then(
      (page) => {
        setFile(null)
        if (inputRef.current) inputRef.current.value = ''
        toast({ title: 'Artwork uploaded' })
        onUploaded(page, orderIds)
      },
      (uploadError: unknown) => showError(uploadErrorMessage(uploadError)),
    )
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-2">
      <Label htmlFor={inputId} className="block">
        {inputLabel}
      </Label>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={ARTWORK_ACCEPT}
          onChange={handleChange}
          {...fieldErrorProps(error, errorId)}
          className="block w-full min-w-0 rounded-md text-sm text-slate-900 file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 aria-invalid:text-red-800"
        />
        <Button type="submit" disabled={upload.isPending} className="shrink-0">
          {upload.isPending ? 'Uploading...' : buttonLabel}
        </Button>
      </div>
      <FieldError id={errorId} error={error} />
    </form>
  )
}

import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { FieldError, fieldErrorProps } from '#client/components/ui/form-field.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { FormDialog } from '#client/features/admin/components/form-dialog.tsx'
import { errorDescription, fieldErrorsOf } from '#client/features/admin/hooks/error-message.ts'
import type { ProductionLineDto } from '#shared/artwork.ts'
import { requestChangesInputSchema } from '#shared/artwork-schemas.ts'
import { useRequestArtworkChanges } from '../api/production-board'
import { lineName } from './artwork-table'

type FormInput = z.input<typeof requestChangesInputSchema>
type FormOutput = z.output<typeof requestChangesInputSchema>

const NOTE_ID = 'artwork-change-note'

/** The owner's note to the buyer; the server e-mails it with the buyer's artwork link. */
export function RequestChangesDialog({
  line,
  onClose,
}: {
  line: ProductionLineDto | null
  onClose: () => void
}) {
  const request = useRequestArtworkChanges()
  const [formError, setFormError] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(requestChangesInputSchema),
    defaultValues: { note: '' },
  })

  // Each opening starts with an empty note and no message.
  useEffect(() => {
    if (!line) return
    reset({ note: '' })
    setFormError(null)
  }, [line, reset])

  function onSubmit(input: FormOutput) {
    if (!line) return
    setFormError(null)
    request.mutate(
      { orderId: line.orderId, input },
      {
        onSuccess: () => {
          toast({ title: 'Changes requested', description: 'The buyer has been e-mailed.' })
          onClose()
        },
        onError: (error) => {
          const message = fieldErrorsOf(error, ['note'] as const).note
          if (message) setError('note', { type: 'server', message })
          else setFormError(errorDescription(error, 'Failed to request the changes. Please try again.'))
        },
      },
    )
  }

  const error = errors.note?.message
  return (
    <FormDialog
      open={line !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Request Changes"
      description={
        line ? `${lineName(line)}. The buyer is e-mailed your note with the link to upload new artwork.` : ''
      }
      onSubmit={handleSubmit(onSubmit)}
      formError={formError}
      submitLabel={request.isPending ? 'Sending...' : 'Send to buyer'}
      isSubmitting={request.isPending}
    >
      <div className="space-y-2">
        <Label htmlFor={NOTE_ID}>What should the buyer change?</Label>
        <Textarea
          id={NOTE_ID}
          rows={5}
          required
          {...fieldErrorProps(error, `${NOTE_ID}-error`)}
          {...register('note')}
        />
        <FieldError id={`${NOTE_ID}-error`} error={error} />
      </div>
    </FormDialog>
  )
}

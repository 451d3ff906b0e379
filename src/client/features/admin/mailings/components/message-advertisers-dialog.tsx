import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { FieldError, fieldErrorProps } from '#client/components/ui/form-field.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { FormDialog } from '#client/features/admin/components/form-dialog.tsx'
import { errorDescription, fieldErrorsOf } from '#client/features/admin/hooks/error-message.ts'
import { MESSAGE_SUBJECT_MAX, messageAdvertisersInputSchema } from '#shared/mailing-messages.ts'
import { type MonthKey, mailingMonthLabel } from '#shared/mailings.ts'
import { plural } from '#shared/plural.ts'
import { useMessageAdvertisers } from '../api/message-advertisers'

type FormInput = z.input<typeof messageAdvertisersInputSchema>
type FormOutput = z.output<typeof messageAdvertisersInputSchema>

const FIELDS = ['subject', 'message'] as const
const SUBJECT_ID = 'advertisers-message-subject'
const MESSAGE_ID = 'advertisers-message-text'
const EMPTY: FormInput = { subject: '', message: '' }

/**
 * The owner's e-mail to every advertiser of a mailing (one per address); the server skips those who
 * unsubscribed from announcements and anyone already sent this very message, and the toast says how many.
 */
export function MessageAdvertisersDialog({
  month,
  onClose,
}: {
  month: MonthKey | null
  onClose: () => void
}) {
  const send = useMessageAdvertisers()
  const [formError, setFormError] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(messageAdvertisersInputSchema),
    defaultValues: EMPTY,
  })

  // Each opening starts empty, with no message.
  useEffect(() => {
    if (!month) return
    reset(EMPTY)
    setFormError(null)
  }, [month, reset])

  function onSubmit(input: FormOutput) {
    if (!month) return
    setFormError(null)
    send.mutate(
      { month, input },
      {
        onSuccess: ({ queued, skipped }) => {
          toast({
            title: 'Advertisers E-mailed',
            description: `${plural(queued, 'e-mail')} queued, ${skipped} skipped (unsubscribed or already sent).`,
          })
          onClose()
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error, FIELDS)
          for (const field of FIELDS) {
            const message = fields[field]
            if (message) setError(field, { type: 'server', message })
          }
          if (!fields.subject && !fields.message)
            setFormError(errorDescription(error, 'Failed to e-mail the advertisers. Please try again.'))
        },
      },
    )
  }

  const subjectError = errors.subject?.message
  const messageError = errors.message?.message
  return (
    <FormDialog
      open={month !== null}
      onOpenChange={(open) => !open && onClose()}
      title="E-mail Advertisers"
      description={
        month
          ? `Every advertiser of the ${mailingMonthLabel(month)} mailing gets this e-mail once. Those who unsubscribed from announcements are skipped.`
          : ''
      }
      onSubmit={handleSubmit(onSubmit)}
      formError={formError}
      submitLabel={send.isPending ? 'Sending...' : 'Send'}
      isSubmitting={send.isPending}
    >
      <div className="space-y-2">
        <Label htmlFor={SUBJECT_ID}>Subject</Label>
        <Input
          id={SUBJECT_ID}
          required
          maxLength={MESSAGE_SUBJECT_MAX}
          {...fieldErrorProps(subjectError, `${SUBJECT_ID}-error`)}
          {...register('subject')}
        />
        <FieldError id={`${SUBJECT_ID}-error`} error={subjectError} />
      </div>
      <div className="space-y-2">
        <Label htmlFor={MESSAGE_ID}>Message</Label>
        <Textarea
          id={MESSAGE_ID}
          rows={8}
          required
          {...fieldErrorProps(messageError, `${MESSAGE_ID}-error`)}
          {...register('message')}
        />
        <FieldError id={`${MESSAGE_ID}-error`} error={messageError} />
      </div>
    </FormDialog>
  )
}

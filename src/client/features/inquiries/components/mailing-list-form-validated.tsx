import { zodResolver } from '@hookform/resolvers/zod'
import { useRef } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import type { FormHandoff } from '#client/components/lazy-form.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { useFormHandoff } from '#client/components/use-form-handoff.ts'
import { mailingListInputSchema } from '#shared/inquiries.ts'
import { useCreateInquiry } from '../api/create-inquiry'
import { applyServerFieldErrors } from '../server-field-errors'
import { type MailingListField, MailingListFormView } from './mailing-list-form-view'

const formSchema = mailingListInputSchema.omit({ type: true })
type FormInput = z.input<typeof formSchema>
type FormOutput = z.output<typeof formSchema>

/** The 'Stay in The Loop!' form with react-hook-form and the shared zod schema; see mailing-list-form.tsx. */
export function ValidatedMailingListForm({ handoff }: { handoff: FormHandoff }) {
  const createInquiry = useCreateInquiry()
  const form = useRef<HTMLFormElement>(null)
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { email: '', name: '', message: '' },
  })

  async function onSubmit(values: FormOutput) {
    try {
      await createInquiry.mutateAsync({ type: 'mailing_list', ...values })
      toast({
        title: 'Thank You!',
        description: "We've received your inquiry and will get back to you soon.",
      })
      reset()
    } catch (error) {
      console.error(error)
      applyServerFieldErrors<FormInput>(error, ['email', 'name', 'message'], setError)
      toast({
        variant: 'destructive',
        title: 'Submission Error',
        description: 'There was a problem submitting your inquiry. Please try again.',
      })
    }
  }

  useFormHandoff(
    handoff,
    form,
    (name, value) => setValue(name as MailingListField, value),
    () => void handleSubmit(onSubmit)(),
  )

  return (
    <MailingListFormView
      form={{ ref: form, noValidate: true, onSubmit: handleSubmit(onSubmit) }}
      field={register}
      errors={{
        email: errors.email?.message,
        name: errors.name?.message,
        message: errors.message?.message,
      }}
      isSubmitting={isSubmitting}
    />
  )
}

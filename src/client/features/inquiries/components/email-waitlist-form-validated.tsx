import { zodResolver } from '@hookform/resolvers/zod'
import { useRef } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import type { FormHandoff } from '#client/components/lazy-form.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { useFormHandoff } from '#client/components/use-form-handoff.ts'
import { waitlistInputSchema } from '#shared/inquiries.ts'
import { useCreateInquiry } from '../api/create-inquiry'
import { applyServerFieldErrors } from '../server-field-errors'
import { EmailWaitlistFormView } from './email-waitlist-form-view'

const formSchema = waitlistInputSchema.pick({ email: true })
type FormInput = z.input<typeof formSchema>
type FormOutput = z.output<typeof formSchema>

/** The e-mail waitlist with react-hook-form and the shared zod schema; see email-waitlist-form.tsx. */
export function ValidatedEmailWaitlistForm({ handoff }: { handoff: FormHandoff }) {
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
    defaultValues: { email: '' },
  })

  // Stored like the waitlist on / (type waitlist, no name): stored rather than dropped, decision 010.
  async function onSubmit({ email }: FormOutput) {
    try {
      await createInquiry.mutateAsync({ type: 'waitlist', email })
      toast({ title: "Thank you! You've been added to our waitlist." })
      reset()
    } catch (error) {
      console.error(error)
      applyServerFieldErrors<FormInput>(error, ['email'], setError)
      toast({
        variant: 'destructive',
        title: 'Submission Error',
        description: 'There was an error adding you to the waitlist. Please try again.',
      })
    }
  }

  useFormHandoff(
    handoff,
    form,
    (name, value) => setValue(name as 'email', value),
    () => void handleSubmit(onSubmit)(),
  )

  return (
    <EmailWaitlistFormView
      form={{ ref: form, noValidate: true, onSubmit: handleSubmit(onSubmit) }}
      field={register}
      error={errors.email?.message}
      isSubmitting={isSubmitting}
    />
  )
}

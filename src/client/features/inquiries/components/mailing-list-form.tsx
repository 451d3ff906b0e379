import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { mailingListInputSchema } from '../../../../shared/inquiries'
import { Button } from '../../../components/ui/button'
import { FormField } from '../../../components/ui/form-field'
import { toast } from '../../../components/ui/use-toast'
import { useCreateInquiry } from '../api/create-inquiry'
import { applyServerFieldErrors } from '../server-field-errors'

const formSchema = mailingListInputSchema.omit({ type: true })
type FormInput = z.input<typeof formSchema>
type FormOutput = z.output<typeof formSchema>

/** Spec sections 2, 4, 5 and 8: the 'Stay in The Loop!' form on /contact. */
export function MailingListForm() {
  const createInquiry = useCreateInquiry()
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { email: '', name: '' },
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
      applyServerFieldErrors<FormInput>(error, ['email', 'name'], setError)
      toast({
        variant: 'destructive',
        title: 'Submission Error',
        description: 'There was a problem submitting your inquiry. Please try again.',
      })
    }
  }

  return (
    <form className="space-y-4" noValidate onSubmit={handleSubmit(onSubmit)}>
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <FormField
        label="Name/Business"
        autoComplete="organization"
        required
        error={errors.name?.message}
        {...register('name')}
      />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Inquire'}
      </Button>
    </form>
  )
}

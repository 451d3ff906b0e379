import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '#client/components/ui/button.tsx'
import { FormField } from '#client/components/ui/form-field.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { homeWaitlistFormSchema } from '#shared/inquiries.ts'
import { useCreateInquiry } from '../api/create-inquiry'
import { applyServerFieldErrors } from '../server-field-errors'

const formSchema = homeWaitlistFormSchema
type FormInput = z.input<typeof formSchema>
type FormOutput = z.output<typeof formSchema>

/** The waitlist on / (e-mail and name required, business name optional). */
export function WaitlistForm() {
  const createInquiry = useCreateInquiry()
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { email: '', name: '', businessName: '' },
  })

  async function onSubmit({ businessName, ...values }: FormOutput) {
    try {
      await createInquiry.mutateAsync({
        type: 'waitlist',
        ...values,
        businessName: businessName || undefined,
      })
      toast({ title: "Thank You! You've been added to our waitlist." })
      reset()
    } catch (error) {
      console.error(error)
      applyServerFieldErrors<FormInput>(error, ['email', 'name', 'businessName'], setError)
      toast({
        variant: 'destructive',
        title: 'Submission Error',
        description: 'There was an error adding you to the waitlist. Please try again.',
      })
    }
  }

  return (
    <form className="grid gap-4 md:grid-cols-3" noValidate onSubmit={handleSubmit(onSubmit)}>
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <FormField
        label="Name"
        autoComplete="name"
        required
        error={errors.name?.message}
        {...register('name')}
      />
      <FormField
        label="Business Name (optional)"
        autoComplete="organization"
        error={errors.businessName?.message}
        {...register('businessName')}
      />
      <div className="md:col-span-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Join Waitlist'}
        </Button>
      </div>
    </form>
  )
}

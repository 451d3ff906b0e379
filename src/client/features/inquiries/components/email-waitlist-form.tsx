import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { waitlistInputSchema } from '../../../../shared/inquiries'
import { Button } from '../../../components/ui/button'
import { FormField } from '../../../components/ui/form-field'
import { toast } from '../../../components/ui/use-toast'

const formSchema = waitlistInputSchema.pick({ email: true })
type FormInput = z.input<typeof formSchema>
type FormOutput = z.output<typeof formSchema>

/**
 * The e-mail-only waitlist on /5k-example. Spec section 7: this form makes no call; it only thanks the
 * visitor with its own text (section 8, lower-case 'you').
 */
export function EmailWaitlistForm() {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { email: '' },
  })

  function onSubmit() {
    toast({ title: "Thank you! You've been added to our waitlist." })
    reset()
  }

  return (
    <form
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
    >
      <div className="flex-1">
        <FormField
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@business.com"
          required
          error={errors.email?.message}
          {...register('email')}
        />
      </div>
      <Button type="submit" className="sm:mt-7">
        Join Waitlist
      </Button>
    </form>
  )
}

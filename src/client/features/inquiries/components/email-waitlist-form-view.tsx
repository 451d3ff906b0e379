import type { ComponentProps } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { Button } from '#client/components/ui/button.tsx'
import { FormField } from '#client/components/ui/form-field.tsx'

/** The markup of the e-mail waitlist on /5k-example, shared by its stand-in and its validating version. */
export function EmailWaitlistFormView({
  form,
  field,
  error,
  isSubmitting = false,
}: {
  form: ComponentProps<'form'>
  field: (name: 'email') => Partial<UseFormRegisterReturn>
  error?: string
  isSubmitting?: boolean
}) {
  return (
    <form className="flex flex-col gap-3 sm:flex-row sm:items-start" {...form}>
      <div className="flex-1">
        <FormField
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@business.com"
          required
          error={error}
          {...field('email')}
        />
      </div>
      <Button type="submit" className="sm:mt-7" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Join Waitlist'}
      </Button>
    </form>
  )
}

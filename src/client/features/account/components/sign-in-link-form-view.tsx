import type { ComponentProps } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { Button } from '#client/components/ui/button.tsx'
import { FormField } from '#client/components/ui/form-field.tsx'
import { ACCOUNT_TEXTS } from '#shared/account-texts.ts'

/** The markup of the sign-in link form, shared by its stand-in and its validating version. */
export function SignInLinkFormView({
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
    <form className="space-y-4" {...form}>
      <FormField
        label={ACCOUNT_TEXTS.emailLabel}
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        error={error}
        {...field('email')}
      />
      <Button type="submit" className="w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? ACCOUNT_TEXTS.sending : ACCOUNT_TEXTS.submit}
      </Button>
    </form>
  )
}

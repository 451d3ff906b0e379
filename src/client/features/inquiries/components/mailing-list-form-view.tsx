import type { ComponentProps } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { Button } from '#client/components/ui/button.tsx'
import { FormField } from '#client/components/ui/form-field.tsx'

export type MailingListField = 'email' | 'name'

/** The markup of the 'Stay in The Loop!' form, shared by its stand-in and its validating version. */
export function MailingListFormView({
  form,
  field,
  errors = {},
  isSubmitting = false,
}: {
  form: ComponentProps<'form'>
  field: (name: MailingListField) => Partial<UseFormRegisterReturn>
  errors?: Partial<Record<MailingListField, string>>
  isSubmitting?: boolean
}) {
  return (
    <form className="space-y-4" {...form}>
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        required
        error={errors.email}
        {...field('email')}
      />
      <FormField
        label="Name/Business"
        autoComplete="organization"
        required
        error={errors.name}
        {...field('name')}
      />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Inquire'}
      </Button>
    </form>
  )
}

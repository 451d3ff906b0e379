import { type ComponentProps, useId } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { Button } from '#client/components/ui/button.tsx'
import { FieldError, FormField, fieldErrorProps } from '#client/components/ui/form-field.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'

export type MailingListField = 'email' | 'name' | 'message'

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
  const messageId = useId()
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
      {/* Optional: what the visitor wants to tell us (a non-profit applies for its free features here). */}
      <div className="space-y-2">
        <Label htmlFor={messageId}>Message (optional)</Label>
        <Textarea
          id={messageId}
          rows={4}
          {...fieldErrorProps(errors.message, `${messageId}-error`)}
          {...field('message')}
        />
        <FieldError id={`${messageId}-error`} error={errors.message} />
      </div>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Inquire'}
      </Button>
    </form>
  )
}

import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { Controller, useForm } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '#client/components/ui/button.tsx'
import { Checkbox } from '#client/components/ui/checkbox.tsx'
import { FieldError, FormField, fieldErrorProps } from '#client/components/ui/form-field.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { errorDescription, fieldErrorsOf } from '#client/features/admin/hooks/error-message.ts'
import {
  type AdvertiserDetailDto,
  advertiserEditInputSchema,
  MAX_ADVERTISER_NOTES_LENGTH,
  MAX_BUSINESS_NAME_LENGTH,
  MAX_PHONE_LENGTH,
} from '#shared/admin-advertisers.ts'
import { useUpdateAdvertiser } from '../api/advertisers'

type FormInput = z.input<typeof advertiserEditInputSchema>
type FormOutput = z.output<typeof advertiserEditInputSchema>
const FIELDS = ['businessName', 'phone', 'website', 'marketingConsent', 'notes'] as const

const valuesOf = (detail: AdvertiserDetailDto): FormInput => ({
  businessName: detail.businessName ?? '',
  phone: detail.phone ?? '',
  website: detail.website ?? '',
  marketingConsent: detail.marketingConsent,
  notes: detail.notes,
})

/**
 * The owner's fields of an advertiser, checked with the server's own schema before they are sent; the
 * server's messages land under their fields. Saved values (as the server stored them) become the form's.
 */
export function AdvertiserEditForm({ detail }: { detail: AdvertiserDetailDto }) {
  const update = useUpdateAdvertiser(detail.id)
  const id = useId()
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(advertiserEditInputSchema),
    defaultValues: valuesOf(detail),
  })

  function onSubmit(input: FormOutput) {
    update.mutate(input, {
      onSuccess: (saved) => {
        reset(valuesOf(saved as AdvertiserDetailDto))
        toast({ title: 'Advertiser Saved', description: `${input.businessName} is up to date.` })
      },
      onError: (error) => {
        const found = fieldErrorsOf(error, FIELDS)
        for (const field of FIELDS) {
          const message = found[field]
          if (message) setError(field, { type: 'server', message })
        }
        toast({
          variant: 'destructive',
          title: 'Save Failed',
          description: errorDescription(error, 'Failed to save the advertiser. Please try again.'),
        })
      },
    })
  }

  const notesId = `${id}-notes`
  const consentId = `${id}-consent`
  return (
    <form className="space-y-3" onSubmit={handleSubmit(onSubmit)} noValidate>
      <FormField
        id={`${id}-name`}
        label="Business name"
        autoComplete="organization"
        maxLength={MAX_BUSINESS_NAME_LENGTH}
        error={errors.businessName?.message}
        {...register('businessName')}
      />
      <FormField
        id={`${id}-phone`}
        label="Phone (optional)"
        type="tel"
        autoComplete="tel"
        maxLength={MAX_PHONE_LENGTH}
        error={errors.phone?.message}
        {...register('phone')}
      />
      <FormField
        id={`${id}-website`}
        label="Website (optional)"
        type="url"
        autoComplete="url"
        placeholder="https://"
        error={errors.website?.message}
        {...register('website')}
      />
      <div className="space-y-1">
        <div className="flex items-center gap-2">
          <Controller
            control={control}
            name="marketingConsent"
            render={({ field }) => (
              <Checkbox
                id={consentId}
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                ref={field.ref}
                {...fieldErrorProps(errors.marketingConsent?.message, `${consentId}-error`)}
              />
            )}
          />
          <Label htmlFor={consentId}>Agrees to marketing e-mails</Label>
        </div>
        <FieldError id={`${consentId}-error`} error={errors.marketingConsent?.message} />
      </div>
      <div className="space-y-2">
        <Label htmlFor={notesId}>Notes</Label>
        <Textarea
          id={notesId}
          rows={4}
          maxLength={MAX_ADVERTISER_NOTES_LENGTH}
          {...fieldErrorProps(errors.notes?.message, `${notesId}-error`)}
          {...register('notes')}
        />
        <FieldError id={`${notesId}-error`} error={errors.notes?.message} />
      </div>
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save Details'}
      </Button>
    </form>
  )
}

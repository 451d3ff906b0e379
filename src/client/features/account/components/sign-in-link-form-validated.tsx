import { zodResolver } from '@hookform/resolvers/zod'
import { useContext, useRef } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import type { FormHandoff } from '#client/components/lazy-form.tsx'
import { useFormHandoff } from '#client/components/use-form-handoff.ts'
import { accountLinkRequestSchema } from '#shared/account.ts'
import { isTooManyRequests, requestSignInLink } from '../api/sign-in-link'
import { SignInLinkFormView } from './sign-in-link-form-view'
import { SignInLinkResultContext } from './sign-in-link-result'

type FormInput = z.input<typeof accountLinkRequestSchema>
type FormOutput = z.output<typeof accountLinkRequestSchema>

/** The sign-in link form with react-hook-form and the shared zod schema; see sign-in-link-form.tsx. */
export function ValidatedSignInLinkForm({ handoff }: { handoff: FormHandoff }) {
  const onResult = useContext(SignInLinkResultContext)
  const form = useRef<HTMLFormElement>(null)
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(accountLinkRequestSchema),
    defaultValues: { email: '' },
  })

  async function onSubmit({ email }: FormOutput) {
    try {
      await requestSignInLink(email)
      onResult('sent')
    } catch (error) {
      console.error(error)
      onResult(isTooManyRequests(error) ? 'too-many' : 'failed')
    }
  }

  useFormHandoff(
    handoff,
    form,
    (name, value) => setValue(name as 'email', value),
    () => void handleSubmit(onSubmit)(),
  )

  return (
    <SignInLinkFormView
      form={{ ref: form, noValidate: true, onSubmit: handleSubmit(onSubmit) }}
      field={register}
      error={errors.email?.message}
      isSubmitting={isSubmitting}
    />
  )
}

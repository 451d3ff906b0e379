import { type FormEvent, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { PageContainer, PageTitle } from '#client/app/layout/page-section.tsx'
import { useDocumentTitle } from '#client/app/use-document-title.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardContent, CardHeader } from '#client/components/ui/card.tsx'
import { FormField } from '#client/components/ui/form-field.tsx'
import { resetPassword } from '#client/features/auth/api/password.ts'
import { ApiError } from '#client/lib/api-client.ts'
import { passwordLengthProblem } from '#shared/password-policy.ts'

const INVALID_LINK = 'This link is invalid or has expired.'

type Errors = { newPassword?: string; confirmPassword?: string }
type State =
  | { status: 'editing' | 'busy'; errors: Errors; formError?: string }
  | { status: 'done' }
  | { status: 'invalid' }

/**
 * /reset-password?token=…: the page a "Forgot password?" e-mail or an administrator's invitation
 * (&invite=1) links to. The token is spent by better-auth's POST /api/auth/reset-password; it cannot be
 * checked before that, so an expired link shows as such when the form is sent. Public and small: no
 * zod, no form library.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const isInvite = params.get('invite') === '1'
  const [state, setState] = useState<State>(token ? { status: 'editing', errors: {} } : { status: 'invalid' })
  useDocumentTitle('Choose a new password')

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const newPassword = String(data.get('newPassword') ?? '')
    const confirmPassword = String(data.get('confirmPassword') ?? '')
    const errors: Errors = {
      newPassword: passwordLengthProblem(newPassword),
      confirmPassword: newPassword === confirmPassword ? undefined : 'The two passwords are not the same.',
    }
    if (errors.newPassword || errors.confirmPassword) {
      setState({ status: 'editing', errors })
      return
    }
    setState({ status: 'busy', errors: {} })
    try {
      await resetPassword({ token, newPassword })
      setState({ status: 'done' })
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_TOKEN') setState({ status: 'invalid' })
      else
        setState({
          status: 'editing',
          errors: {},
          formError:
            error instanceof ApiError && error.status < 500 && error.hasServerMessage
              ? error.message
              : 'Something went wrong. Please try again.',
        })
    }
  }

  return (
    <PageContainer className="flex max-w-md justify-center">
      <Card className="w-full">
        <CardHeader>
          <PageTitle className="text-center text-3xl md:text-4xl">Choose a new password</PageTitle>
        </CardHeader>
        <CardContent>
          {state.status === 'done' ? (
            <div role="status" className="space-y-4 text-center">
              <p>Your password has been set. You can sign in now.</p>
              <Button asChild className="w-full">
                <Link to="/auth">Sign In</Link>
              </Button>
            </div>
          ) : state.status === 'invalid' ? (
            <div role="alert" className="space-y-4 text-center">
              <p>{INVALID_LINK}</p>
              <p className="text-sm text-slate-700">
                {isInvite
                  ? 'Ask an administrator to send you a new invitation, or use "Forgot password?" on the sign-in page.'
                  : 'Ask for a new one with "Forgot password?" on the sign-in page.'}
              </p>
              <Button asChild variant="outline" className="w-full">
                <Link to="/auth">Go to sign in</Link>
              </Button>
            </div>
          ) : (
            <form className="space-y-4" onSubmit={handleSubmit} noValidate>
              <p className="text-sm text-slate-700">
                {isInvite
                  ? 'Welcome! Choose the password for your administrator account.'
                  : 'Choose the new password for your account.'}{' '}
                At least 12 characters.
              </p>
              <FormField
                label="New password"
                name="newPassword"
                type="password"
                autoComplete="new-password"
                error={state.errors.newPassword}
              />
              <FormField
                label="Confirm new password"
                name="confirmPassword"
                type="password"
                autoComplete="new-password"
                error={state.errors.confirmPassword}
              />
              {state.formError ? (
                <p role="alert" className="text-sm text-red-700">
                  {state.formError}
                </p>
              ) : null}
              <Button type="submit" className="w-full" disabled={state.status === 'busy'}>
                {state.status === 'busy' ? 'Saving...' : 'Set password'}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </PageContainer>
  )
}

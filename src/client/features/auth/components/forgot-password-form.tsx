import { type FormEvent, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { ApiError } from '#client/lib/api-client.ts'
import { RESET_REQUESTED_MESSAGE } from '#shared/password-policy.ts'
import { requestPasswordReset } from '../api/password'

type State = { status: 'idle' | 'busy' | 'sent' } | { status: 'failed'; message: string }

function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 429)
    return 'Too many requests. Please wait a few minutes and try again.'
  return 'Something went wrong. Please try again.'
}

/**
 * "Forgot password?" on the sign-in page: one answer for every e-mail, so the form tells nobody which
 * addresses have an account.
 */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [state, setState] = useState<State>({ status: 'idle' })

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim()
    setState({ status: 'busy' })
    try {
      await requestPasswordReset(email)
      setState({ status: 'sent' })
    } catch (error) {
      setState({ status: 'failed', message: failureMessage(error) })
    }
  }

  return (
    <div className="space-y-4">
      <h2 className="text-center text-xl text-slate-900">Reset your password</h2>
      {state.status === 'sent' ? (
        <p role="status" className="rounded-md border border-green-200 bg-green-50 p-3 text-green-900">
          {RESET_REQUESTED_MESSAGE}
        </p>
      ) : (
        <form className="space-y-4" onSubmit={handleSubmit}>
          <p className="text-sm text-slate-700">
            Enter your e-mail and we'll send you a link to choose a new password.
          </p>
          <div className="space-y-2">
            <Label htmlFor="forgot-password-email">Email</Label>
            <Input id="forgot-password-email" name="email" type="email" autoComplete="username" required />
          </div>
          {state.status === 'failed' ? (
            <p role="alert" className="text-sm text-red-700">
              {state.message}
            </p>
          ) : null}
          <Button type="submit" className="w-full" disabled={state.status === 'busy'}>
            {state.status === 'busy' ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      )}
      <Button type="button" variant="link" className="w-full" onClick={onBack}>
        Back to sign in
      </Button>
    </div>
  )
}

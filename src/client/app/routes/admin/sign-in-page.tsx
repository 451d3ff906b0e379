import { type FormEvent, useState } from 'react'
import { Navigate, useLocation } from 'react-router'
import { PageContainer, PageTitle } from '#client/app/layout/page-section.tsx'
import { useDocumentTitle } from '#client/app/use-document-title.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardContent, CardHeader } from '#client/components/ui/card.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { useAuth } from '#client/features/auth/auth-context.ts'
import { ForgotPasswordForm } from '#client/features/auth/components/forgot-password-form.tsx'

type FromState = { from?: { pathname?: string; search?: string } } | null

/** The page the admin guard remembered, else /admin. */
function redirectTarget(state: unknown): string {
  const from = (state as FromState)?.from
  if (!from?.pathname || from.pathname === '/auth' || from.pathname === '/login') return '/admin'
  return `${from.pathname}${from.search ?? ''}`
}

export function SignInPage() {
  const { user, isAdmin, signIn, signOut } = useAuth()
  const location = useLocation()
  const [status, setStatus] = useState<'idle' | 'busy'>('idle')
  const [isResetting, setIsResetting] = useState(false)
  const target = redirectTarget(location.state)
  useDocumentTitle('Admin Sign In')

  // Only an admin is sent on: a signed-in non-admin would bounce straight back from the admin guard.
  // signIn resolves after the session was read again, so by then isAdmin is the new account's.
  if (status === 'idle' && isAdmin) return <Navigate to={target} replace />

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    setStatus('busy')
    try {
      await signIn({ email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') })
    } catch (error) {
      // The toast already told the user; this screen only logs.
      console.error(error)
    }
    setStatus('idle')
  }

  async function handleSignOut() {
    setStatus('busy')
    await signOut()
    setStatus('idle')
  }

  const isBusy = status !== 'idle'

  return (
    <PageContainer className="flex max-w-md justify-center">
      <Card className="w-full">
        <CardHeader>
          <PageTitle className="text-center text-3xl md:text-4xl">Admin Sign In</PageTitle>
        </CardHeader>
        <CardContent>
          {user && !isAdmin ? (
            // After "Successfully signed in" a non-admin is told why, rather than shown the empty form again.
            <div className="space-y-4 text-center">
              <p>You are signed in as {user.email}, which has no administrator access.</p>
              <p className="text-sm text-slate-700">Sign out to sign in with an administrator account.</p>
              <Button type="button" className="w-full" disabled={isBusy} onClick={() => void handleSignOut()}>
                Sign Out
              </Button>
            </div>
          ) : isResetting ? (
            <ForgotPasswordForm onBack={() => setIsResetting(false)} />
          ) : (
            <form className="space-y-4" onSubmit={handleSubmit}>
              <div className="space-y-2">
                <Label htmlFor="sign-in-email">Email</Label>
                <Input id="sign-in-email" name="email" type="email" autoComplete="username" required />
              </div>
              <div className="space-y-2">
                <Label htmlFor="sign-in-password">Password</Label>
                <Input
                  id="sign-in-password"
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  required
                />
              </div>
              <Button type="submit" className="w-full" disabled={isBusy}>
                {isBusy ? 'Signing In...' : 'Sign In'}
              </Button>
              <Button type="button" variant="link" className="w-full" onClick={() => setIsResetting(true)}>
                Forgot password?
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </PageContainer>
  )
}

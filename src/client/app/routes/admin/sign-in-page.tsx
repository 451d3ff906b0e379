import { type FormEvent, useState } from 'react'
import { Navigate, useLocation, useNavigate } from 'react-router'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardHeader } from '../../../components/ui/card'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'
import { useAuth } from '../../../features/auth/auth-context'
import { PageContainer, PageTitle } from '../../layout/page-section'
import { useDocumentTitle } from '../../use-document-title'

type FromState = { from?: { pathname?: string; search?: string } } | null

/** The page the admin guard remembered (spec section 4), else /admin. */
function redirectTarget(state: unknown): string {
  const from = (state as FromState)?.from
  if (!from?.pathname || from.pathname === '/auth' || from.pathname === '/login') return '/admin'
  return `${from.pathname}${from.search ?? ''}`
}

export function SignInPage() {
  const { isAdmin, signIn } = useAuth()
  const location = useLocation()
  const navigate = useNavigate()
  const [status, setStatus] = useState<'idle' | 'busy' | 'done'>('idle')
  const target = redirectTarget(location.state)
  useDocumentTitle('Admin Sign In')

  // Only an admin is sent on: a signed-in non-admin would bounce straight back from the admin guard.
  if (status === 'idle' && isAdmin) return <Navigate to={target} replace />

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    setStatus('busy')
    try {
      await signIn({ email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') })
      setStatus('done')
      navigate(target, { replace: true })
    } catch (error) {
      // Spec section 8: the toast already told the user; this screen only logs.
      console.error(error)
      setStatus('idle')
    }
  }

  const isBusy = status !== 'idle'

  return (
    <PageContainer className="flex max-w-md justify-center">
      <Card className="w-full">
        <CardHeader>
          <PageTitle className="text-center text-3xl md:text-4xl">Admin Sign In</PageTitle>
        </CardHeader>
        <CardContent>
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
          </form>
        </CardContent>
      </Card>
    </PageContainer>
  )
}

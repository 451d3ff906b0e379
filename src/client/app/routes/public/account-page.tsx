import { useQueryClient } from '@tanstack/react-query'
import { lazy, type ReactNode, Suspense, useState } from 'react'
import { useSearchParams } from 'react-router'
import { PageContainer, PageTitle } from '#client/app/layout/page-section.tsx'
import { useDocumentTitle } from '#client/app/use-document-title.ts'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { AccountSignIn } from '#client/features/account/components/account-sign-in.tsx'
import { useAuth } from '#client/features/auth/auth-context.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import { ACCOUNT_TEXTS } from '#shared/account-texts.ts'

// The purchases load with the first signed-in visit: the sign-in form is all a signed-out visitor needs.
const AccountOverview = lazy(() =>
  import('#client/features/account/components/account-overview.tsx').then((m) => ({
    default: m.AccountOverview,
  })),
)

/**
 * /account, the advertiser's own page. Signed out: a form that e-mails a one-time sign-in link (the link
 * comes back here, with ?error=… when it was spent or too old). Signed in: the purchases of the address.
 * An administrator's session is not an advertiser's: they are told where they belong.
 */
export function AccountPage() {
  useDocumentTitle(ACCOUNT_TEXTS.title)
  const { user, isAdmin, isLoading, signOut } = useAuth()
  const queryClient = useQueryClient()
  const [params] = useSearchParams()
  const [isSigningOut, setIsSigningOut] = useState(false)
  const [hasSignedOut, setHasSignedOut] = useState(false)

  async function handleSignOut() {
    if (isSigningOut) return
    setIsSigningOut(true)
    try {
      await signOut({ notify: false })
      queryClient.removeQueries({ queryKey: queryKeys.account() })
      setHasSignedOut(true)
    } catch (error) {
      console.error(error)
      toast({ variant: 'destructive', title: ACCOUNT_TEXTS.signOutFailed })
    } finally {
      setIsSigningOut(false)
    }
  }

  let body: ReactNode
  if (isLoading) {
    body = <Spinner label={ACCOUNT_TEXTS.loading} />
  } else if (user && isAdmin) {
    body = <p className="text-lg text-slate-800">{ACCOUNT_TEXTS.notAnAdvertiser}</p>
  } else if (user) {
    body = (
      <Suspense fallback={<Spinner label={ACCOUNT_TEXTS.loading} />}>
        <AccountOverview
          userEmail={user.email}
          onSignOut={() => void handleSignOut()}
          isSigningOut={isSigningOut}
        />
      </Suspense>
    )
  } else {
    body = <AccountSignIn hasLinkError={params.has('error')} isSignedOutNow={hasSignedOut} />
  }

  // One h1 element through loading and result, so the focus the layout gave it on arrival stays.
  return (
    <PageContainer className="space-y-8">
      <PageTitle>{ACCOUNT_TEXTS.title}</PageTitle>
      {body}
    </PageContainer>
  )
}

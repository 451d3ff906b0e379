import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useCallback, useDeferredValue, useMemo } from 'react'
import { meQueryOptions } from './api/get-me'
import type { SignInInput } from './api/sign-in'
import { AuthContext, type AuthContextValue, type SignOutOptions } from './auth-context'

// Signing in and out (and their toasts) load when first used: no public page needs them to paint.
const loadActions = () => import('./auth-actions')

export function AuthProvider({ productName, children }: { productName: string; children: ReactNode }) {
  const queryClient = useQueryClient()
  const me = useQuery(meQueryOptions)
  const user = me.data?.user ?? null
  // isAdmin is false without a user.
  const isAdmin = Boolean(user && me.data?.isAdmin)

  const signIn = useCallback(
    async (input: SignInInput) => (await loadActions()).signIn(queryClient, productName, input),
    [queryClient, productName],
  )

  const signOut = useCallback(
    async (options?: SignOutOptions) => (await loadActions()).signOut(queryClient, options),
    [queryClient],
  )

  const value = useMemo<AuthContextValue>(
    () => ({
      session: user ? { user } : null,
      user,
      isAdmin,
      // True until the first answer (or failure) of the session check.
      isLoading: me.isPending,
      signIn,
      signOut,
    }),
    [user, isAdmin, me.isPending, signIn, signOut],
  )

  // The session check may answer while a server-rendered page is still hydrating (React yields to the
  // browser meanwhile). Deferred, the change is a transition applied after hydration, never an urgent update
  // that could make React render part of the server's HTML again from scratch (decision 014).
  const deferred = useDeferredValue(value)

  return <AuthContext.Provider value={deferred}>{children}</AuthContext.Provider>
}

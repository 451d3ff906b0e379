import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useCallback, useDeferredValue, useMemo } from 'react'
import { toast } from '#client/components/ui/use-toast.ts'
import { ApiError } from '#client/lib/api-client.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import { type Me, meQueryOptions, signedOut } from './api/get-me'
import { type SignInInput, signInWithEmail } from './api/sign-in'
import { signOutRequest } from './api/sign-out'
import { AuthContext, type AuthContextValue, type SignOutOptions } from './auth-context'

function errorMessage(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.hasServerMessage ? error.message : undefined
  return undefined
}

export function AuthProvider({ productName, children }: { productName: string; children: ReactNode }) {
  const queryClient = useQueryClient()
  const me = useQuery(meQueryOptions)
  const user = me.data?.user ?? null
  // isAdmin is false without a user.
  const isAdmin = Boolean(user && me.data?.isAdmin)

  const signIn = useCallback(
    async (input: SignInInput) => {
      try {
        await signInWithEmail(input)
        await queryClient.invalidateQueries({ queryKey: queryKeys.me() })
        // Only an administrator is welcomed: any other account (a removed administrator's, say) is told on
        // the sign-in page that it has no administrator access, and a welcome beside that would contradict it.
        if (queryClient.getQueryData<Me>(queryKeys.me())?.isAdmin)
          toast({ title: 'Successfully signed in', description: `Welcome back to ${productName}!` })
      } catch (error) {
        toast({
          variant: 'destructive',
          title: 'Error signing in',
          description: errorMessage(error) ?? 'Please check your credentials and try again.',
        })
        throw error
      }
    },
    [queryClient, productName],
  )

  const signOut = useCallback(
    async ({ notify = true }: SignOutOptions = {}) => {
      try {
        await signOutRequest()
        queryClient.setQueryData(queryKeys.me(), signedOut)
        await queryClient.invalidateQueries({ queryKey: queryKeys.me() })
        if (notify) toast({ title: 'Successfully signed out', description: 'You have been signed out.' })
      } catch (error) {
        if (!notify) throw error
        toast({
          variant: 'destructive',
          title: 'Error signing out',
          description: (error instanceof Error && error.message) || 'An error occurred while signing out.',
        })
      }
    },
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

import type { QueryClient } from '@tanstack/react-query'
import { toast } from '#client/components/ui/use-toast.ts'
import { ApiError } from '#client/lib/api-client.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import { type Me, signedOut } from './api/get-me'
import { type SignInInput, signInWithEmail } from './api/sign-in'
import { signOutRequest } from './api/sign-out'
import type { SignOutOptions } from './auth-context'

/*
 * Signing in and out, with their toasts. Loaded when the user first signs in or out (AuthProvider imports
 * this module then), so the public pages' first load does not carry them.
 */

function errorMessage(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.hasServerMessage ? error.message : undefined
  return undefined
}

export async function signIn(queryClient: QueryClient, productName: string, input: SignInInput) {
  try {
    await signInWithEmail(input)
    await queryClient.invalidateQueries({ queryKey: queryKeys.me() })
    // Only an administrator is welcomed: any other account (a removed administrator's, say) is told on the
    // sign-in page that it has no administrator access, and a welcome beside that would contradict it.
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
}

export async function signOut(queryClient: QueryClient, { notify = true }: SignOutOptions = {}) {
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
}

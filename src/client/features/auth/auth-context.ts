import { createContext, useContext } from 'react'
import type { AuthUser } from './api/get-me'
import type { SignInInput } from './api/sign-in'

export type AuthSession = { user: AuthUser }

export type SignOutOptions = {
  /** When false, no toast is shown and a failure is thrown so the caller can report it its own way. */
  notify?: boolean
}

export type AuthContextValue = {
  session: AuthSession | null
  user: AuthUser | null
  isAdmin: boolean
  isLoading: boolean
  signIn: (input: SignInInput) => Promise<void>
  signOut: (options?: SignOutOptions) => Promise<void>
}

export const AuthContext = createContext<AuthContextValue | undefined>(undefined)

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext)
  if (!value) throw new Error('useAuth must be used within an AuthProvider')
  return value
}

import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { useAuth } from '#client/features/auth/auth-context.ts'

/** Anonymous or non-admin users go to /auth, remembering where they were headed. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { isLoading, isAdmin } = useAuth()
  const location = useLocation()
  if (isLoading) return <Spinner label="Checking your session..." className="min-h-[50vh]" />
  if (!isAdmin) return <Navigate to="/auth" replace state={{ from: location }} />
  return children
}

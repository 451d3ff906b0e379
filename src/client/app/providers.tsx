import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { LazyToaster } from '../components/ui/lazy-toaster'
import { AuthProvider } from '../features/auth/auth-provider'
import { useSiteConfig } from './site-config'

export const createQueryClient = () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } })

/** `client`: one filled with the server's data (hydration, server rendering); a new one otherwise. */
export function AppProviders({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient())
  const { productName } = useSiteConfig()
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider productName={productName}>
        {children}
        <LazyToaster />
      </AuthProvider>
    </QueryClientProvider>
  )
}

import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { LazyToaster } from '../components/ui/lazy-toaster'
import { AuthProvider } from '../features/auth/auth-provider'
import { useSiteConfig } from './site-config'

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } }),
  )
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

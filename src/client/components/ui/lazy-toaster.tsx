import { lazy, Suspense, useState } from 'react'
import { useToast } from './use-toast'

const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })))

/**
 * The Radix toast code is not needed to paint a page, so it loads with the first toast (the store
 * keeps that toast until the Toaster shows it) and then stays mounted, so Radix can animate toasts out.
 */
export function LazyToaster() {
  const { toasts } = useToast()
  const [isWanted, setIsWanted] = useState(false)
  if (!isWanted && toasts.length > 0) setIsWanted(true)
  if (!isWanted) return null
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}

import { useLayoutEffect } from 'react'
import { useLocation } from 'react-router'

/** Every navigation starts at the top of the new page. */
export function ScrollToTop() {
  const { pathname } = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the path changes
  useLayoutEffect(() => {
    window.scrollTo(0, 0)
  }, [pathname])
  return null
}

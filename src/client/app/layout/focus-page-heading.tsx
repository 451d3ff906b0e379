import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

const MAIN_ID = 'main-content'

/** Focus stays where the page put it (a field, a dialog); otherwise it was on the old page or the nav. */
function isFocusElsewhere(main: HTMLElement): boolean {
  const active = document.activeElement
  return !active || active === document.body || active === main || !main.contains(active)
}

function focusHeading(heading: HTMLElement) {
  // Focusable by script only, so it is no Tab stop; the outline shows only for :focus-visible (styles.css).
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1
  // ScrollToTop has already put the page at the top; focusing must not scroll the h1 under the sticky header.
  heading.focus({ preventScroll: true })
}

/**
 * After a route change (not the first load, where the reader starts at the top anyway) focus moves to
 * the new page's h1, so a screen reader announces the page instead of staying silent on a link that is
 * gone. A page whose h1 arrives after its data is focused when it appears; an h1 that stays the same
 * element (the admin dashboard switching tabs) keeps the focus where the visitor is working.
 */
export function FocusPageHeading() {
  const { pathname } = useLocation()
  const previousHeading = useRef<Element | null | undefined>(undefined)

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the path changes
  useEffect(() => {
    const main = document.getElementById(MAIN_ID)
    if (!main) return
    const isFirstLoad = previousHeading.current === undefined
    const before = previousHeading.current ?? null
    previousHeading.current = main.querySelector('h1')
    if (isFirstLoad) return

    // True once the page has an h1 (focused now, or left alone on purpose): nothing more to wait for.
    const settle = (): boolean => {
      const heading = main.querySelector('h1')
      if (!heading) return false
      previousHeading.current = heading
      if (heading !== before && isFocusElsewhere(main)) focusHeading(heading)
      return true
    }
    if (settle()) return
    const observer = new MutationObserver(() => {
      if (settle()) observer.disconnect()
    })
    observer.observe(main, { childList: true, subtree: true })
    return () => observer.disconnect()
  }, [pathname])

  return null
}

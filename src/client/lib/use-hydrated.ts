import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False while React hydrates server-rendered HTML (and in that HTML), true once this component runs in
 * the browser: the first client render uses the server's answer, then React renders again with this one.
 * A control shown before its code has run would swallow a click or keystroke (decision 014), so the
 * shared controls say they are not yet usable (aria-disabled) until then: assistive technology, and a
 * browser test waiting for an enabled control, wait for the page to work.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}

/** The props that mark a control not yet usable before hydration (nothing afterwards). */
export const notYetUsable = (hydrated: boolean) => (hydrated ? undefined : { 'aria-disabled': true as const })

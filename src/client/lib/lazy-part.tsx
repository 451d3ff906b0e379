import { type ComponentType, createContext, lazy, useContext } from 'react'

/**
 * A lazily loaded part of a page (a page itself, or a section below the fold) that server-rendered HTML
 * can hydrate in one pass (decision 014).
 *
 * With plain React.lazy, a part the server rendered stays dehydrated until its chunk arrives, and an update
 * reaching it meanwhile (the session check's answer, a toast) makes React throw its server HTML away and
 * render it again from its loading state: the page flashes, focus is lost, and a click or keystroke made
 * in that moment goes nowhere. So the server names the parts it rendered (`RenderedPartsContext`), the
 * browser loads them before it hydrates (`loadRenderedParts`), and a part whose code is already here
 * renders it at once instead of suspending.
 */
const loaders = new Map<string, () => Promise<unknown>>()

/** entry-server.tsx provides a set and sends the ids it collects with the page. */
export const RenderedPartsContext = createContext<Set<string> | null>(null)

export function lazyPart<P extends object>(
  id: string,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  let loaded: ComponentType<P> | undefined
  let loading: Promise<ComponentType<P>> | undefined
  const loadOnce = () => {
    loading ??= load().then(
      (component) => {
        loaded = component
        return component
      },
      (error: unknown) => {
        loading = undefined // a later render may try again (a network blip)
        throw error
      },
    )
    return loading
  }
  const Lazy = lazy(() => loadOnce().then((component) => ({ default: component })))
  loaders.set(id, loadOnce)

  // biome-ignore lint/correctness/noComponentHookFactories: a factory like React.lazy, called once per part at module level
  function LazyPart(props: P) {
    useContext(RenderedPartsContext)?.add(id)
    // React reconciles a resolved lazy with its component, so a part mounted through Lazy stays mounted
    // (and keeps its state) when it renders the component directly later on.
    const Loaded = loaded
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />
  }
  LazyPart.displayName = `LazyPart(${id})`
  return LazyPart
}

/**
 * Loads the parts a server-rendered page names. A part inside another part registers when its parent's
 * chunk runs, so this goes round until every named part is loaded or no more become known. A part that
 * fails to load is left to React.lazy (it suspends and retries when rendered).
 */
export async function loadRenderedParts(ids: readonly string[]): Promise<void> {
  const started = new Set<string>()
  for (;;) {
    const next = ids.filter((id) => !started.has(id) && loaders.has(id))
    if (next.length === 0) return
    for (const id of next) started.add(id)
    await Promise.allSettled(next.map((id) => loaders.get(id)?.()))
  }
}

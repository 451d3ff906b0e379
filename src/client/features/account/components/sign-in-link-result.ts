import { createContext } from 'react'

/** How a request for a sign-in link ended: what the page then says. */
export type SignInLinkResult = 'sent' | 'too-many' | 'failed'

/**
 * Where the validating form reports a request's end. A context rather than a prop: LazyForm renders the
 * form it loads with the handoff alone.
 */
export const SignInLinkResultContext = createContext<(result: SignInLinkResult) => void>(() => {})

import { ApiError, apiClient } from '#client/lib/api-client.ts'

/** The page the e-mailed link signs in to, and comes back to with ?error=… when it is spent or late. */
export const ACCOUNT_PATH = '/account'

/**
 * better-auth's magic link: answers 200 for every address (a link goes only to one that has ordered), 429
 * once this client asked too often.
 */
export function requestSignInLink(email: string): Promise<unknown> {
  return apiClient.post('/api/auth/sign-in/magic-link', {
    email,
    callbackURL: ACCOUNT_PATH,
    errorCallbackURL: ACCOUNT_PATH,
  })
}

export function isTooManyRequests(error: unknown): boolean {
  return error instanceof ApiError && error.status === 429
}

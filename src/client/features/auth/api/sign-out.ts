import { ApiError, apiClient } from '#client/lib/api-client.ts'

/** 401, 403 and 404 answers on sign-out are ignored; the session is gone either way. */
const ALREADY_SIGNED_OUT = new Set([401, 403, 404])

export async function signOutRequest(): Promise<void> {
  try {
    await apiClient.post('/api/auth/sign-out', {})
  } catch (error) {
    if (error instanceof ApiError && ALREADY_SIGNED_OUT.has(error.status)) return
    throw error
  }
}

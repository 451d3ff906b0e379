import { apiClient } from '#client/lib/api-client.ts'

export type SignInInput = { email: string; password: string }

export function signInWithEmail(input: SignInInput): Promise<unknown> {
  return apiClient.post('/api/auth/sign-in/email', input)
}

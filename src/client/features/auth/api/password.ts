import { apiClient } from '#client/lib/api-client.ts'

/** better-auth's "Forgot password?": answers alike whether or not the e-mail has an account. */
export function requestPasswordReset(email: string): Promise<unknown> {
  return apiClient.post('/api/auth/request-password-reset', { email })
}

/** Spends a reset or invitation link's token on a new password. */
export function resetPassword(input: { token: string; newPassword: string }): Promise<unknown> {
  return apiClient.post('/api/auth/reset-password', input)
}

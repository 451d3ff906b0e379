/**
 * Administrator passwords: at least 12 characters (foundation issue), at most 128 (better-auth's cap).
 * Without zod, so public pages (reset-password) can check a password without loading it.
 */
export const PASSWORD_MIN_LENGTH = 12
export const PASSWORD_MAX_LENGTH = 128

/** The message for a password of the wrong length, or undefined when it is fine. */
export function passwordLengthProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH)
    return `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`
  if (password.length > PASSWORD_MAX_LENGTH)
    return `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`
  return undefined
}

/** The one answer to "Forgot password?", whether or not the e-mail has an account. */
export const RESET_REQUESTED_MESSAGE =
  "If an account exists for that e-mail, we've sent a link to reset your password."

import { z } from 'zod'

/** Administrator passwords: at least 12 characters (foundation issue), at most 128 (better-auth's cap). */
export const PASSWORD_MIN_LENGTH = 12
export const PASSWORD_MAX_LENGTH = 128

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`)

export const ADMIN_ROLE = 'admin'

export type MeResponse = {
  user: { id: string; email: string; name: string } | null
  isAdmin: boolean
}

import { z } from 'zod'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-policy.ts'

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH }

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`)

export const ADMIN_ROLE = 'admin'

export type MeResponse = {
  user: { id: string; email: string; name: string } | null
  isAdmin: boolean
}

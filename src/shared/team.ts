import { z } from 'zod'

/** An administrator as the Settings → Administrators list shows them. */
export type Administrator = {
  id: string
  email: string
  name: string
  /** When they were made an administrator (ISO). */
  addedAt: string
  isYou: boolean
  /** False while an invitation is pending: the account has no password yet and cannot sign in. */
  hasPassword: boolean
}

export type TeamResponse = { administrators: Administrator[] }

export type AddAdministratorResponse = {
  administrator: Administrator
  /** True when they were e-mailed a set-password link; false when they already had a password. */
  invited: boolean
}

export const addAdministratorInputSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email('Enter a valid e-mail address.').max(254, 'Enter a valid e-mail address.')),
  name: z
    .string()
    .trim()
    .max(100, 'Name must be at most 100 characters long.')
    .optional()
    .transform((name) => name || undefined),
})

export type AddAdministratorInput = z.input<typeof addAdministratorInputSchema>

export const LAST_ADMINISTRATOR_MESSAGE = 'You cannot remove the last administrator.'

/** How long an invitation's set-password link works (a reset link works 1 hour). */
export const INVITATION_LIFETIME_DAYS = 7

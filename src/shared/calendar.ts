import { z } from 'zod'
import { MONTH_KEY } from './month-key.ts'

/** A calendar month as the API names it: 'YYYY-MM' (GET /api/calendar-days?month=2026-11). */
const MONTH_KEY_PATTERN = MONTH_KEY

const MONTH_KEY_MESSAGE = 'Choose a month as YYYY-MM.'

/** GET /api/calendar-days?month=YYYY-MM → { month: { year, month } } (month 1-12). */
export const calendarMonthQuerySchema = z.object({
  month: z
    .string({ error: MONTH_KEY_MESSAGE })
    .regex(MONTH_KEY_PATTERN, MONTH_KEY_MESSAGE)
    .transform((key) => ({ year: Number(key.slice(0, 4)), month: Number(key.slice(5, 7)) })),
})

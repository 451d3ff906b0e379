import { z } from 'zod'
import { SITE_FONTS, type SiteFont } from './fonts.ts'

/** The admin month selector starts at 2023; the year selector runs to five years ahead. */
export const FIRST_CALENDAR_YEAR = 2023
export const YEARS_AHEAD = 5

export type SiteSettings = {
  font: SiteFont
  /** The calendar's default month (1-12) and year, or null when none is set. */
  defaultMonth: number | null
  defaultYear: number | null
}

export const updateFontInputSchema = z.object({ font: z.enum(SITE_FONTS) })

export function calendarDefaultInputSchema(currentYear: number) {
  return z.object({
    month: z.number().int().min(1, 'Choose a month from 1 to 12.').max(12, 'Choose a month from 1 to 12.'),
    year: z
      .number()
      .int()
      .min(FIRST_CALENDAR_YEAR, `Choose a year from ${FIRST_CALENDAR_YEAR} on.`)
      .max(currentYear + YEARS_AHEAD, `Choose a year up to ${currentYear + YEARS_AHEAD}.`),
  })
}
export type CalendarDefaultInput = z.infer<ReturnType<typeof calendarDefaultInputSchema>>

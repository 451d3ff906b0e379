/**
 * Deadlines in words, one rule for the site, the admin and every e-mail: 'Thursday, December 17, 11:59 PM
 * (EST)'. The weekday, month and day on the town's clock, the time, and the zone's short name. A deadline
 * at midnight (the default sales close and artwork due times) is the end of the day before: it is written
 * as that day's 11:59 PM, never as '12:00 AM' of the day it is no longer possible on. Server-side only
 * (Intl with a time zone); the browser shows the text the server sends.
 */

const dayFormatters = new Map<string, Intl.DateTimeFormat>()
const clockFormatters = new Map<string, Intl.DateTimeFormat>()

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = dayFormatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric' })
    dayFormatters.set(timeZone, f)
  }
  return f
}

function clockFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = clockFormatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    })
    clockFormatters.set(timeZone, f)
  }
  return f
}

/** 'Thursday, December 17, 11:59 PM (EST)' for the instant `at` on the town's clock (`timeZone`). */
export function deadlineText(at: Date, timeZone: string): string {
  const parts = clockFormatter(timeZone).formatToParts(at)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  let hour = Number(part('hour')) % 24
  let minute = Number(part('minute'))
  let day = at
  if (hour === 0 && minute === 0) {
    // Midnight ends the day before: say that day, at its last minute.
    day = new Date(at.getTime() - 60_000)
    hour = 23
    minute = 59
  }
  const zone = clockFormatter(timeZone)
    .formatToParts(day)
    .find((p) => p.type === 'timeZoneName')?.value
  const clock = `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`
  return `${dayFormatter(timeZone).format(day)}, ${clock}${zone ? ` (${zone})` : ''}`
}

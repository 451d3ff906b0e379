/**
 * The town's wall-clock time (SITE_TIMEZONE) ⇄ instants. Mailing deadlines are typed and shown as the
 * town's local 'YYYY-MM-DDTHH:MM'; the database keeps instants. Server-side only (Intl with a zone).
 */

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
    formatters.set(timeZone, f)
  }
  return f
}

function wallClockParts(instant: Date, timeZone: string) {
  const parts = formatterFor(timeZone).formatToParts(instant)
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0)
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour') % 24,
    minute: get('minute'),
    second: get('second'),
  }
}

/** The town's local time of an instant, 'YYYY-MM-DDTHH:MM'. */
export function toZonedLocal(instant: Date, timeZone: string): string {
  const p = wallClockParts(instant, timeZone)
  const pad = (n: number, w = 2) => String(n).padStart(w, '0')
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`
}

/**
 * The instant at which the town's clock reads `local` ('YYYY-MM-DDTHH:MM'). In the hour a DST change skips,
 * the later offset is used (the time then exists); in the hour it repeats, the first occurrence.
 */
export function fromZonedLocal(local: string, timeZone: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local)
  if (!match) throw new RangeError(`not a local date and time: ${local}`)
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number]
  const wanted = Date.UTC(y, mo - 1, d, h, mi)
  // Two rounds of "guess, see what the town's clock reads, correct by the difference" settle any offset.
  let guess = wanted
  for (let i = 0; i < 3; i++) {
    const p = wallClockParts(new Date(guess), timeZone)
    const seen = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second)
    const diff = wanted - seen
    if (diff === 0) break
    guess += diff
  }
  return new Date(guess)
}

/**
 * The instants of the town's calendar day `date` ('YYYY-MM-DD'): from its first instant (midnight there, or
 * the first time its clock shows where a DST change skips midnight) to the next day's, excluded.
 */
export function zonedDayBounds(date: string, timeZone: string): { start: Date; end: Date } {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const next = new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10)
  return { start: fromZonedLocal(`${date}T00:00`, timeZone), end: fromZonedLocal(`${next}T00:00`, timeZone) }
}

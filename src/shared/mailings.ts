import { z } from 'zod'
import { mailingMonthLabel } from './mailing-names.ts'
import { MONTH_KEY, type MonthKey, YEAR } from './month-key.ts'

/**
 * The monthly mailing (docs/decisions/012): the postcard of one month is the unit of sale. It
 * opens when days of its month are first initialised, closes for sales at its sales-close time (or when the
 * administrator closes it), is printed, then mailed. Times are the town's (SITE_TIMEZONE): the server
 * answers each instant both as ISO (UTC) and as the town's local 'YYYY-MM-DDTHH:MM', so a client never
 * does time-zone arithmetic.
 */
export const MAILING_STATUSES = ['open', 'closed', 'printed', 'mailed'] as const
export type MailingStatus = (typeof MAILING_STATUSES)[number]

export type { MonthKey }
export const MONTH_KEY_PATTERN = MONTH_KEY

export function toMonthKey(year: number, month: number): MonthKey {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`
}

export function parseMonthKey(key: MonthKey): { year: number; month: number } {
  return { year: Number(key.slice(0, 4)), month: Number(key.slice(5, 7)) }
}

// The texts buyers' pages show are defined once, in modules the browser can load without zod (the
// public routes' JS budget), and re-exported here for the server. mailing-texts.ts builds on this module's
// types, so its texts are imported from it directly (a re-export would close an import circle).
export { MAILING_NOT_SELLING, mailingMonthLabel, NO_OPEN_MAILING } from './mailing-names.ts'

/** The waitlist announcement's subject: 'The December 2026 mailing is open'. */
export function mailingOpenSubject(key: MonthKey): string {
  return `The ${mailingMonthLabel(key)} mailing is open`
}

export const MAILING_STATUS_LABELS: Record<MailingStatus, string> = {
  open: 'Open',
  closed: 'Sales closed',
  printed: 'Printed',
  mailed: 'Mailed',
}

export const MAILING_NOT_FOUND = 'Mailing not found.'

// ---------------------------------------------------------------- public reads

/** One mailing as buyers see it. */
export type PublicMailingDto = {
  month: MonthKey
  /** open while sales are open; closed from the sales-close time on; printed; mailed. */
  status: MailingStatus
  salesCloseAt: string
  /** The town's local date and time of salesCloseAt, 'YYYY-MM-DDTHH:MM'. */
  salesCloseLocal: string
  /**
   * The same in words, the one wording of deadlines (server/lib/deadline-text.ts): 'Thursday, December 17,
   * 11:59 PM (EST)' for a close at midnight starting December 18. The browser shows it as sent.
   */
  salesCloseText: string
  artworkDueAt: string
  artworkDueLocal: string
  /** The artwork deadline in the same words. */
  artworkDueText: string
  /** The town's date the postcard should be in homes by. */
  inHomesDate: string
}

/**
 * GET /api/mailings: the mailings open for sale (earliest first) and the most recent mailing whose sales
 * have closed, or null, with its status: the /calendar notice says 'Sales for the {Month} mailing have
 * closed.' until it is mailed, then 'The {Month} mailing is concluded.' (shared/mailing-texts.ts).
 */
export type PublicMailingsResponse = {
  open: PublicMailingDto[]
  concluded: MonthKey | null
  concludedStatus: MailingStatus | null
}

/** Per-mailing stock of one icon (GET /api/map-icons answers it for every open mailing). */
export type MapIconMailingStock = { month: MonthKey; availableQuantity: number; totalQuantity: number }

// ---------------------------------------------------------------- admin

export type MailingDayCounts = {
  /** Paid days. */
  sold: number
  /** Days a live (pending) order holds. */
  held: number
  /** Days for sale or free to be: in the system, no live order. */
  free: number
  /** Dates of the month with no day in the system. */
  notSetUp: number
}

/** One row of /admin/mailings. `status` is the effective one (an open mailing past its close reads closed). */
export type MailingOverviewRow = PublicMailingDto & {
  waitlistNotifiedAt: string | null
  days: MailingDayCounts
  /** Paid icons per size: regular ('small') and premium (any other size). */
  icons: { regular: number; premium: number }
  /** Paid revenue of the mailing's orders, in dollars. */
  revenue: number
  /**
   * Checkouts in progress (unpaid, their hold running) holding a day or an icon of this mailing: closing its
   * sales, or marking it printed or mailed, ends them. Absent: none.
   */
  liveCheckouts?: number
}

/** One month of the chart (next 12 months; a month without a mailing is all zero, with hasMailing false). */
export type MailingChartPoint = {
  month: MonthKey
  hasMailing: boolean
  sold: number
  held: number
  free: number
  revenue: number
}

/** GET /api/admin/mailings: rows for the last 3 and the next 12 months that have a mailing; the chart. */
export type MailingOverviewResponse = {
  rows: MailingOverviewRow[]
  chart: MailingChartPoint[]
  /** The town's current month. */
  currentMonth: MonthKey
}

const localDateTime = z
  .string()
  .regex(new RegExp(`^${YEAR}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$`), 'Use a date and time like 2026-12-15T17:00.')
const isoDate = z.string().regex(new RegExp(`^${YEAR}-\\d{2}-\\d{2}$`), 'Use a date like 2027-01-01.')

/** PATCH /api/admin/mailings/:month — the town's local times. */
export const updateMailingDatesInputSchema = z
  .object({
    salesCloseLocal: localDateTime.optional(),
    artworkDueLocal: localDateTime.optional(),
    inHomesDate: isoDate.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Change at least one date.')
export type UpdateMailingDatesInput = z.infer<typeof updateMailingDatesInputSchema>

/**
 * PATCH /api/admin/mailings/:month: the mailing's row after the change, and how many buyers were e-mailed
 * the dates that moved (each purchase a moved date concerns, once).
 */
export type MailingDatesResponse = MailingOverviewRow & { buyersEmailed: number }

/** The most lines one "mark printed anyway" may acknowledge (a mailing sells at most a few hundred). */
export const MAX_ACKNOWLEDGED_LINES = 5000

export const MAILING_ACTIONS = ['close', 'reopen', 'printed', 'mailed'] as const
export type MailingAction = (typeof MAILING_ACTIONS)[number]

/**
 * POST /api/admin/mailings/:month/status. close: sales closed now; reopen: open again (salesCloseLocal must
 * then be in the future: given here, or already set); printed; mailed. Printed and mailed mailings take no
 * more orders of any kind. Printed with sold lines whose artwork is missing or not approved needs
 * `acknowledgedOrderIds`: the ids of those lines the owner was shown (GET …/print-readiness).
 */
export const mailingActionInputSchema = z.object({
  action: z.enum(MAILING_ACTIONS, { error: 'Choose close, reopen, printed or mailed.' }),
  salesCloseLocal: localDateTime.optional(),
  acknowledgedOrderIds: z
    .array(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not an order id.'), { error: 'A list of order ids.' })
    .max(MAX_ACKNOWLEDGED_LINES, `At most ${MAX_ACKNOWLEDGED_LINES} lines.`)
    .optional(),
})
export type MailingActionInput = z.infer<typeof mailingActionInputSchema>

/**
 * POST /api/admin/mailings/{month}/status: the mailing's row after the move, how many checkouts in
 * progress it ended (close, printed, mailed; a payment that still arrives for one is refunded), and how many
 * buyers were e-mailed that their postcard is on its way (mailed only).
 */
export type MailingActionResponse = MailingOverviewRow & { endedCheckouts: number; buyersEmailed: number }

/** The allowed status moves (effective status → action). */
export function canApplyMailingAction(status: MailingStatus, action: MailingAction): boolean {
  switch (action) {
    case 'close':
      return status === 'open'
    case 'reopen':
      return status === 'closed'
    case 'printed':
      return status === 'closed'
    case 'mailed':
      return status === 'printed'
  }
}

/** GET /api/admin/mailings/:month/icon-stock */
export type MailingIconStockDto = {
  iconId: string
  name: string
  size: string
  price: number
  quantity: number
  /** Paid orders and live holds. */
  claimed: number
  available: number
}
export type MailingIconStockResponse = { month: MonthKey; icons: MailingIconStockDto[] }

/** PUT /api/admin/mailings/:month/icon-stock/:iconId — never below what is claimed (409). */
export const updateIconStockInputSchema = z.object({
  quantity: z.number({ error: 'Enter a whole number.' }).int('Enter a whole number.').min(0).max(10_000),
})

/** The icon catalogue (GET /api/admin/map-icons). */
export type AdminMapIconDto = {
  id: string
  name: string
  size: string
  price: number
  defaultQuantity: number
  /** Retired: the first mailing that does not sell it (decision 020); null while on sale. */
  retiredFrom: MonthKey | null
}

/** The 409 a sale of a retired icon type gets in a mailing from its retirement on. */
export function iconRetiredMessage(name: string, retiredFrom: MonthKey): string {
  return `${name} is not sold from the ${mailingMonthLabel(retiredFrom)} mailing on.`
}

/**
 * PATCH /api/admin/map-icons/:id. A price change applies to later sales only (orders keep what they bought,
 * decision 008); the default quantity applies to mailings created later (each mailing has its own stock).
 */
export const updateMapIconInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter a name.').max(100).optional(),
    size: z.enum(['small', 'large'], { error: 'Choose regular or premium.' }).optional(),
    price: z.number().min(1, 'The price must be at least $1.').max(100_000).optional(),
    defaultQuantity: z.number().int('Enter a whole number.').min(0).max(10_000).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Change at least one field.')
export type UpdateMapIconInput = z.infer<typeof updateMapIconInputSchema>

/**
 * POST /api/admin/map-icons: a new icon type. It gets stock (its default quantity) in every mailing that
 * exists and every one created later, so the mailings open for sale sell it at once.
 */
export const createMapIconInputSchema = z.object({
  name: z
    .string({ error: 'Enter a name.' })
    .trim()
    .min(1, 'Enter a name.')
    .max(100, 'Use at most 100 characters.'),
  size: z.enum(['small', 'large'], { error: 'Choose regular or premium.' }),
  price: z
    .number({ error: 'The price must be at least $1.' })
    .min(1, 'The price must be at least $1.')
    .max(100_000, 'The price must be at most $100,000.')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Use whole cents.'),
  defaultQuantity: z
    .number({ error: 'Enter a whole number from 0 to 10,000.' })
    .int('Enter a whole number from 0 to 10,000.')
    .min(0, 'Enter a whole number from 0 to 10,000.')
    .max(10_000, 'Enter a whole number from 0 to 10,000.'),
})
export type CreateMapIconInput = z.infer<typeof createMapIconInputSchema>

/** How long returning advertisers' spots are held for them by default (offers.ts). */
export const DEFAULT_PRIORITY_WINDOW_DAYS = 7

/**
 * GET/PUT /api/admin/mailing-settings: the defaults a new mailing's dates come from, and the priority window
 * (days a returning advertiser's spots are held for them when a mailing's days are first set up; 0: no
 * offers). Settings saved before the window existed read it as the default.
 */
export const mailingDefaultsSchema = z.object({
  salesCloseDaysBefore: z.number().int().min(0).max(120),
  artworkDueDaysAfterClose: z.number().int().min(0).max(60),
  inHomesDay: z.number().int().min(1).max(28),
  priorityWindowDays: z.number().int().min(0).max(60).default(DEFAULT_PRIORITY_WINDOW_DAYS),
})
export type MailingDefaults = z.infer<typeof mailingDefaultsSchema>
export const DEFAULT_MAILING_DEFAULTS: MailingDefaults = {
  salesCloseDaysBefore: 14,
  artworkDueDaysAfterClose: 3,
  inHomesDay: 1,
  priorityWindowDays: DEFAULT_PRIORITY_WINDOW_DAYS,
}

/** POST /api/admin/mailings/:month/notify-waitlist */
export type NotifyWaitlistResponse = { queued: number; skipped: number }

import type { PrintSize } from './artwork.ts'
import type { MailingStatus, MapIconMailingStock, MonthKey, PublicMailingDto } from './mailings.ts'

/**
 * The JSON the public API answers with. Server routes build these from rows; the client
 * imports only these types. Money is in US dollars here (the server keeps integer cents inside), dates are
 * 'YYYY-MM-DD' strings, timestamps ISO strings.
 */

/** available | reserved | reserved_pending; any other value is shown as Not Initialized. */
type CalendarDayStatus = string

/**
 * The public reads' status for a day before the town's today that is not sold (days in the
 * past are never sold); the calendar shows it as Past, never as available or reserved.
 */
export const PAST_DAY_STATUS = 'past'

/**
 * The public reads' status for a day that is not sold and whose mailing is not taking orders (sales closed,
 * printed or mailed): the calendar shows it as Closed, never as available.
 */
export const CLOSED_DAY_STATUS = 'closed'

export type CalendarDayDto = {
  id: string
  date: string
  status: CalendarDayStatus
  /** Only for 'reserved' days (the 'Day Unavailable' message names the business); null otherwise. */
  businessName: string | null
  price: number
}

/**
 * GET /api/calendar-days?month=YYYY-MM. `today` is the town's date: the calendar shows every date before
 * it as Past (in the system or not), so the client never decides what is past.
 */
export type CalendarMonthResponse = {
  days: CalendarDayDto[]
  today?: string
  /** The month's mailing (its sales-close and in-homes dates), or null when the month has none. */
  mailing?: PublicMailingDto | null
}

export type AvailableMonth = { month: number; year: number }
/**
 * GET /api/calendar-days/available-months: months whose mailing is open for sale and that hold at least one
 * day for sale (available, price above 0, from today on), in order.
 */
export type AvailableMonthsResponse = {
  months: AvailableMonth[]
  /**
   * The most recent mailing whose sales have closed ('YYYY-MM'), or null, and its status: /calendar's
   * notice ('Sales for the {Month} mailing have closed.' until it is mailed, then 'The {Month} mailing is
   * concluded.'). Carried here because the calendar loads this answer anyway.
   */
  concluded?: MonthKey | null
  concludedStatus?: MailingStatus | null
  /**
   * Months from the town's current month on whose mailing's sales have closed but which are not mailed yet,
   * in order: buyers may still look at their days (read only, nothing in them is for sale).
   */
  closedMonths?: AvailableMonth[]
}

export type MapIconDto = {
  id: string
  name: string
  /** 'small' is the regular 'Map Icon'; anything else is premium. */
  size: string
  price: number
  /** availableQuantity and totalQuantity are this mailing's: the next open one (null when none is open). */
  month: MonthKey | null
  availableQuantity: number
  totalQuantity: number
  /** The icon's stock in every mailing open for sale, earliest first (the buyer picks one). */
  stock: MapIconMailingStock[]
  /** How big the icon prints on the map: the owner's print sizes for its size. */
  printSize: PrintSize
}
/** GET /api/map-icons (price ascending) */
export type MapIconsResponse = { icons: MapIconDto[] }

export type BlogPostDto = {
  id: string
  title: string
  content: string
  author: string
  isPublished: boolean
  /** 'YYYY-MM-DD', the town's date; null only for a draft never published and given no date. */
  publicationDate: string | null
  /** The cover image: its media item, public URL and alt text (the alt field, else the title); or none. */
  coverImage: { mediaId: string; url: string; alt: string } | null
  /** The alt text as the administrator entered it (null: the title is used). */
  coverAlt: string | null
}
/** GET /api/admin/blog-posts (drafts too, newest first) */
export type BlogPostsResponse = { posts: BlogPostDto[] }
/** GET /api/blog-posts?page=N (published, newest first): one page of them and how many there are. */
export type BlogPostPageResponse = { posts: BlogPostDto[]; page: number; pageSize: number; total: number }

export const MEDIA_TYPES = [
  'calendar_example',
  'map_example',
  'postcard_front',
  'postcard_back',
  'blog_cover',
] as const
export type MediaType = (typeof MEDIA_TYPES)[number]

export type MediaItemDto = {
  /** The storage path, {type}/{timestamp}-{name}. */
  id: string
  type: MediaType
  title: string
  /** Public URL, served with Cache-Control: public, max-age=3600. */
  url: string
  uploadedAt: string
}
/** GET /api/media?type=… (newest first) */
export type MediaListResponse = { items: MediaItemDto[] }

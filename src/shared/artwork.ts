import type { AdApprovalDto } from './ad-approval.ts'
import type { MonthKey } from './mailings.ts'
import type { LineLinkDto } from './short-links.ts'

/**
 * Artwork and production: the contract between the server, the buyer's artwork page
 * (/artwork/:token) and the admin's production board. Browser-safe and free of zod, so the public artwork
 * page does not carry it (the request schemas are in artwork-schemas.ts).
 */

// ---------------------------------------------------------------- states

/** 'missing' is a line with no file yet; a new upload always makes it 'received' again. */
export const ARTWORK_STATES = ['missing', 'received', 'approved', 'changes_requested'] as const
export type ArtworkState = (typeof ARTWORK_STATES)[number]

export const ARTWORK_STATE_LABELS: Record<ArtworkState, string> = {
  missing: 'Missing',
  received: 'Received',
  approved: 'Approved',
  changes_requested: 'Changes requested',
}

// ---------------------------------------------------------------- files

/** At most 20 MB per file; the type is decided by the file's content, never its name. */
export const MAX_ARTWORK_BYTES = 20 * 1024 * 1024
/** What the file input offers (a hint only: the server decides by content). */
export const ARTWORK_ACCEPT = 'image/png,image/jpeg,application/pdf,.png,.jpg,.jpeg,.pdf'

export const ARTWORK_TYPE_MESSAGE = 'Please upload a PNG, JPEG or PDF file.'
export const ARTWORK_SVG_MESSAGE =
  'SVG files cannot be accepted: please save your logo as a PDF, or as a PNG or JPEG image.'
export const ARTWORK_TOO_LARGE_MESSAGE = 'Please upload a file smaller than 20 MB.'
export const ARTWORK_PDF_UNREADABLE_MESSAGE =
  'This PDF could not be opened. Please export it again, or upload a PNG or JPEG image.'
export const ARTWORK_PDF_TOO_MANY_PAGES_MESSAGE =
  'This PDF has more than 10 pages. A logo is one page: please upload a PDF of your logo alone.'
export const ARTWORK_TOO_COMPLEX_MESSAGE =
  'This file is too complex to process. Please export your logo again as a simple PDF, or upload a PNG or JPEG image.'
export const ARTWORK_DAMAGED_MESSAGE =
  'This file could not be read to its end: it may be damaged or incomplete. Please export it again and upload the new file.'
export const ARTWORK_BUSY_MESSAGE =
  'We are processing many files right now. Please try again in a few seconds.'
export const ARTWORK_NO_FILE_MESSAGE = 'Choose a file to upload.'
export const ARTWORK_NO_LINES_MESSAGE = 'Choose which item this file is for.'
export const ARTWORK_LINK_NOT_FOUND = 'This artwork link is not valid. Please check the link in your e-mail.'
export const ARTWORK_LINE_NOT_FOUND = 'This item is not part of your order.'
export const ARTWORK_NOTHING_TO_REVIEW = 'There is no artwork to review for this item yet.'

export function artworkDeadlinePassedMessage(monthLabel: string): string {
  return `The artwork deadline for the ${monthLabel} mailing has passed.`
}

// ---------------------------------------------------------------- print sizes (admin settings)

export type PrintSize = { widthInches: number; heightInches: number }

/**
 * The printed size of each product, the resolution print needs, and the postcard (trim size and bleed,
 * for the proof). Kept in site_settings 'print_specs'; DEFAULT_PRINT_SPECS until the owner edits them.
 */
export type PrintSpecs = {
  daySquare: PrintSize
  regularIcon: PrintSize
  premiumIcon: PrintSize
  /** Dots per inch the printer needs (300 for offset print). */
  dpi: number
  /**
   * The card: its trim size, the bleed printed past each trimmed edge, and the safe margin inside the trim
   * where text, QR codes and the calendar grid stay.
   */
  postcard: { widthInches: number; heightInches: number; bleedInches: number; safeInches: number }
  /**
   * The QR code printed with each calendar day and map icon: the symbol's side without its quiet zone (a
   * margin of 4 modules is always added on every side).
   */
  qrCode: { sizeInches: number }
  /**
   * What fills an unsold calendar day: the owner's image when one is uploaded (a stored PNG or JPEG), else
   * the line of text, where {site} stands for the site's public host ('town.example').
   */
  houseAd: { text: string; image: HouseAdImage | null }
  /** Raster artwork converted to CMYK and the PDF given a CMYK output intent, for a press that asks. */
  cmykForPress: boolean
}

export type HouseAdImage = { key: string; contentType: 'image/png' | 'image/jpeg' }

export const HOUSE_AD_DEFAULT_TEXT = 'Your business here — {site}'
export const HOUSE_AD_TEXT_MAX = 120

export const DEFAULT_PRINT_SPECS: PrintSpecs = {
  daySquare: { widthInches: 1, heightInches: 1 },
  regularIcon: { widthInches: 0.5, heightInches: 0.5 },
  premiumIcon: { widthInches: 0.75, heightInches: 0.75 },
  dpi: 300,
  postcard: { widthInches: 8.5, heightInches: 11, bleedInches: 0.125, safeInches: 0.25 },
  qrCode: { sizeInches: 0.6 },
  houseAd: { text: HOUSE_AD_DEFAULT_TEXT, image: null },
  cmykForPress: false,
}

/** The house ad's text as printed: {site} replaced by the site's public host. */
export function houseAdText(template: string, siteHost: string): string {
  return template.replaceAll('{site}', siteHost)
}

/** The QR code's printed size (without its quiet zone) is kept between these, in inches. */
export const QR_CODE_MIN_INCHES = 0.4
export const QR_CODE_MAX_INCHES = 2

/** The printed size of a line: a calendar day, or a map icon by its size ('small' is Regular). */
export function printSizeFor(specs: PrintSpecs, line: { kind: 'day' | 'icon'; iconSize: string | null }) {
  if (line.kind === 'day') return specs.daySquare
  return line.iconSize === 'small' ? specs.regularIcon : specs.premiumIcon
}

// ---------------------------------------------------------------- print check

/**
 * The print check of one file for one line, in plain words. `level` 'warning' means the file was accepted
 * but will not print well (too few pixels, a very different shape): `messages` say what it will look like
 * and what to upload instead. Files that cannot be used at all are refused at upload, not checked.
 */
export type PrintCheck = {
  level: 'ok' | 'warning'
  /** The printed size of the line and the resolution asked for. */
  printSize: PrintSize
  requiredDpi: number
  /** The fewest pixels that print sharp at that size: ceil(inches × dpi). */
  minWidthPx: number
  minHeightPx: number
  /** Images: their pixels and the resolution they would print at (the lower of width and height). */
  widthPx: number | null
  heightPx: number | null
  effectiveDpi: number | null
  /** PDFs: the first page's size in inches and the page count. */
  pageWidthInches: number | null
  pageHeightInches: number | null
  pageCount: number | null
  /** The file's shape against the space's: width/height of each. */
  fileAspect: number
  slotAspect: number
  aspectMismatch: boolean
  /** First the summary, then what to do. */
  messages: string[]
}

// ---------------------------------------------------------------- buyer page

export type ArtworkFileDto = {
  name: string
  contentType: string
  sizeBytes: number
  uploadedAt: string
  /** The original file (served only to the token holder or the admin). */
  url: string
  /** A small PNG preview; null for PDFs. */
  thumbnailUrl: string | null
}

export type ArtworkLineDto = {
  orderId: string
  kind: 'day' | 'icon'
  /** "Calendar day: Tuesday, January 5, 2027" / "Map icon: Premium Icon". */
  label: string
  date: string | null
  iconName: string | null
  iconSize: string | null
  mailingMonth: MonthKey
  state: ArtworkState
  /** The owner's note when changes were requested. */
  ownerNote: string | null
  file: ArtworkFileDto | null
  printCheck: PrintCheck | null
  printSize: PrintSize
  /** False once the mailing's artwork deadline has passed (or it went to print). */
  canUpload: boolean
  /** The line's short link and where it leads (its QR code on the card); null for a line without one. */
  link: LineLinkDto | null
}

export type ArtworkMailingDto = {
  month: MonthKey
  /** "January 2027". */
  label: string
  artworkDueAt: string
  /** "Friday, December 18, 5:00 PM (EST)" in the town's time (the server's deadlineText). */
  artworkDueText: string
  isOpenForArtwork: boolean
}

export type ArtworkPageResponse = {
  businessName: string
  mailings: ArtworkMailingDto[]
  lines: ArtworkLineDto[]
  dpi: number
}

/** POST /api/artwork/:token/upload, multipart: `file` and one `orderId` field per line it is for. */
export const ARTWORK_UPLOAD_FIELDS = { file: 'file', orderId: 'orderId' } as const

// ---------------------------------------------------------------- admin production board

export type ProductionLineDto = ArtworkLineDto & {
  businessName: string
  email: string
  orderStatus: string
  source: string
  /** The buyer's artwork page, absolute when PUBLIC_URL is set, else from the site root. */
  artworkUrl: string
  reviewedAt: string | null
  reviewedBy: string | null
  /** The advertiser's own decision on the line as printed (decided on /account once the proof exists). */
  advertiserApproval: AdApprovalDto
}

/** Lines per page of the board unless ?pageSize= asks otherwise, and the most one page may hold. */
export const ARTWORK_BOARD_PAGE_SIZE = 50
export const MAX_ARTWORK_BOARD_PAGE_SIZE = 200

/**
 * GET /api/admin/mailings/:month/artwork?state&page&pageSize: one page of the lines in the state asked for
 * (all when none), days by date then icons. `counts` are every line of the mailing by state, `total` the
 * lines in the state asked for; a page past the last answers the last.
 */
export type ProductionBoardResponse = {
  mailing: ArtworkMailingDto & { status: string; inHomesDate: string }
  lines: ProductionLineDto[]
  counts: Record<ArtworkState, number>
  total: number
  page: number
  pageSize: number
}

export type RequestChangesInput = { note: string }

export type ArtworkRemindersResponse = { sent: number }
export type ArtworkLinkSentResponse = { sentTo: string }

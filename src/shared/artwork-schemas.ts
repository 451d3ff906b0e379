import { z } from 'zod'
import {
  ARTWORK_BOARD_PAGE_SIZE,
  ARTWORK_STATES,
  HOUSE_AD_TEXT_MAX,
  MAX_ARTWORK_BOARD_PAGE_SIZE,
  QR_CODE_MAX_INCHES,
  QR_CODE_MIN_INCHES,
} from './artwork.ts'

/** What the admin sends about artwork (print sizes, the board's filter, a change request). */

const inches = (what: string, max: number) =>
  z
    .number({ error: `Enter the ${what} in inches.` })
    .positive(`The ${what} must be more than 0 inches.`)
    .max(max, `The ${what} must be at most ${max} inches.`)

const printSizeSchema = (what: string) =>
  z.object({ widthInches: inches(`${what} width`, 12), heightInches: inches(`${what} height`, 12) })

export const printSpecsSchema = z.object({
  daySquare: printSizeSchema('day square'),
  regularIcon: printSizeSchema('regular icon'),
  premiumIcon: printSizeSchema('premium icon'),
  dpi: z
    .number({ error: 'Enter the resolution in dots per inch.' })
    .int('Enter the resolution as a whole number.')
    .min(72, 'The resolution must be at least 72 DPI.')
    .max(1200, 'The resolution must be at most 1200 DPI.'),
  postcard: z.object({
    widthInches: inches('postcard width', 24),
    heightInches: inches('postcard height', 24),
    bleedInches: z
      .number({ error: 'Enter the bleed in inches.' })
      .min(0, 'The bleed cannot be negative.')
      .max(1, 'The bleed must be at most 1 inch.'),
    safeInches: z
      .number({ error: 'Enter the safe margin in inches.' })
      .min(0, 'The safe margin cannot be negative.')
      .max(2, 'The safe margin must be at most 2 inches.'),
  }),
  qrCode: z.object({
    sizeInches: z
      .number({ error: 'Enter the QR code size in inches.' })
      .min(
        QR_CODE_MIN_INCHES,
        `The QR code must be at least ${QR_CODE_MIN_INCHES} inches: smaller ones do not scan.`,
      )
      .max(QR_CODE_MAX_INCHES, `The QR code must be at most ${QR_CODE_MAX_INCHES} inches.`),
  }),
  houseAd: z.object({
    text: z
      .string({ error: 'Enter the house ad text.' })
      .trim()
      .min(1, 'Enter the house ad text.')
      .max(HOUSE_AD_TEXT_MAX, `The house ad text must be at most ${HOUSE_AD_TEXT_MAX} characters.`),
    image: z
      .object({
        key: z.string().regex(/^house-ad\/[a-z0-9-]+\.(png|jpg)$/, 'Upload the house ad image again.'),
        contentType: z.enum(['image/png', 'image/jpeg']),
      })
      .nullable(),
  }),
  cmykForPress: z.boolean({ error: 'Choose whether the proof is converted to CMYK.' }),
})

const PAGE_MESSAGE = 'The page is a whole number from 1.'
const PAGE_SIZE_MESSAGE = `The page size is a whole number from 1 to ${MAX_ARTWORK_BOARD_PAGE_SIZE}.`

export const productionBoardQuerySchema = z.object({
  state: z
    .enum(ARTWORK_STATES, { error: 'Choose missing, received, approved or changes_requested.' })
    .optional(),
  page: z.coerce
    .number({ error: PAGE_MESSAGE })
    .int(PAGE_MESSAGE)
    .min(1, PAGE_MESSAGE)
    .max(1_000_000, PAGE_MESSAGE)
    .default(1),
  pageSize: z.coerce
    .number({ error: PAGE_SIZE_MESSAGE })
    .int(PAGE_SIZE_MESSAGE)
    .min(1, PAGE_SIZE_MESSAGE)
    .max(MAX_ARTWORK_BOARD_PAGE_SIZE, PAGE_SIZE_MESSAGE)
    .default(ARTWORK_BOARD_PAGE_SIZE),
})
export type ProductionBoardQuery = z.infer<typeof productionBoardQuerySchema>

export const requestChangesInputSchema = z.object({
  note: z
    .string({ error: 'Write what the buyer should change.' })
    .trim()
    .min(1, 'Write what the buyer should change.')
    .max(2000, 'Keep the note under 2000 characters.'),
})

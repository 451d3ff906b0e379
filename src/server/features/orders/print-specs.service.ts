import type { Db } from '#server/db/client.ts'
import { readSetting, updateSetting } from '#server/db/site-settings.ts'
import { DEFAULT_PRINT_SPECS, type HouseAdImage, type PrintSpecs } from '#shared/artwork.ts'
import { printSpecsSchema } from '#shared/artwork-schemas.ts'

const PRINT_SPECS_KEY = 'print_specs'

const postcardSchema = printSpecsSchema.shape.postcard

/**
 * Settings stored before a field existed (the QR code's size, the safe margin, the house ad, CMYK) read
 * that field with its default, the rest as stored.
 */
const storedPrintSpecsSchema = printSpecsSchema.extend({
  postcard: postcardSchema.extend({
    safeInches: postcardSchema.shape.safeInches.default(DEFAULT_PRINT_SPECS.postcard.safeInches),
  }),
  qrCode: printSpecsSchema.shape.qrCode.default(DEFAULT_PRINT_SPECS.qrCode),
  houseAd: printSpecsSchema.shape.houseAd.default(DEFAULT_PRINT_SPECS.houseAd),
  cmykForPress: printSpecsSchema.shape.cmykForPress.default(DEFAULT_PRINT_SPECS.cmykForPress),
})

/**
 * The printed size of each product, as the owner set it (site_settings 'print_specs'). Shared by what prints
 * an order (the artwork checks, the proof) and what sells one (the icon catalogue tells buyers each icon's
 * size), so a buyer is shown the size the printer is asked for.
 */
export async function getPrintSpecs(db: Db): Promise<PrintSpecs> {
  return readSetting(db, PRINT_SPECS_KEY, storedPrintSpecsSchema, DEFAULT_PRINT_SPECS)
}

/**
 * Saves the settings; the house ad's image is kept as stored (only its upload sets or clears it). Read and
 * write hold the row, so an image uploaded meanwhile is never overwritten by the image read before it.
 */
export async function setPrintSpecs(db: Db, specs: PrintSpecs): Promise<PrintSpecs> {
  return updateSetting(db, PRINT_SPECS_KEY, storedPrintSpecsSchema, DEFAULT_PRINT_SPECS, ({ houseAd }) => ({
    ...specs,
    houseAd: { ...specs.houseAd, image: houseAd.image },
  }))
}

/** Sets (or, with null, clears) the house ad's image, keeping every other setting as stored; answers them. */
export async function setHouseAdImage(db: Db, image: HouseAdImage | null): Promise<PrintSpecs> {
  return updateSetting(db, PRINT_SPECS_KEY, storedPrintSpecsSchema, DEFAULT_PRINT_SPECS, (specs) => ({
    ...specs,
    houseAd: { ...specs.houseAd, image },
  }))
}

import type { Db } from '#server/db/client.ts'
import { readSetting, writeSetting } from '#server/db/site-settings.ts'
import { DEFAULT_PRINT_SPECS, type PrintSpecs } from '#shared/artwork.ts'
import { printSpecsSchema } from '#shared/artwork-schemas.ts'

const PRINT_SPECS_KEY = 'print_specs'

/** Sizes stored before the QR code's size was one of them read with its default, the rest as stored. */
const storedPrintSpecsSchema = printSpecsSchema.extend({
  qrCode: printSpecsSchema.shape.qrCode.default(DEFAULT_PRINT_SPECS.qrCode),
})

/**
 * The printed size of each product, as the owner set it (site_settings 'print_specs'). Shared by what prints
 * an order (the artwork checks, the proof) and what sells one (the icon catalogue tells buyers each icon's
 * size), so a buyer is shown the size the printer is asked for.
 */
export async function getPrintSpecs(db: Db): Promise<PrintSpecs> {
  return readSetting(db, PRINT_SPECS_KEY, storedPrintSpecsSchema, DEFAULT_PRINT_SPECS)
}

export async function setPrintSpecs(db: Db, specs: PrintSpecs): Promise<PrintSpecs> {
  return writeSetting(db, PRINT_SPECS_KEY, specs)
}

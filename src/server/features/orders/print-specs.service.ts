import type { Db } from '#server/db/client.ts'
import { readSetting, writeSetting } from '#server/db/site-settings.ts'
import { DEFAULT_PRINT_SPECS, type PrintSpecs } from '#shared/artwork.ts'
import { printSpecsSchema } from '#shared/artwork-schemas.ts'

const PRINT_SPECS_KEY = 'print_specs'

/**
 * The printed size of each product, as the owner set it (site_settings 'print_specs'). Shared by what prints
 * an order (the artwork checks, the proof) and what sells one (the icon catalogue tells buyers each icon's
 * size), so a buyer is shown the size the printer is asked for.
 */
export async function getPrintSpecs(db: Db): Promise<PrintSpecs> {
  return readSetting(db, PRINT_SPECS_KEY, printSpecsSchema, DEFAULT_PRINT_SPECS)
}

export async function setPrintSpecs(db: Db, specs: PrintSpecs): Promise<PrintSpecs> {
  return writeSetting(db, PRINT_SPECS_KEY, specs)
}

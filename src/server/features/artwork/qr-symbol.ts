import QRCode from 'qrcode'
import { POINTS_PER_INCH } from './proof-page.ts'

/** The QR codes the proof prints for each short link: the symbol and its printed measures. */

/** A QR code's quiet zone: this many modules of white on every side, which a scanner needs to find it. */
export const QR_QUIET_ZONE_MODULES = 4

/** A short link's QR symbol (error correction M): `size` modules a side, `dark(row, column)` per module. */
export type QrSymbol = { size: number; dark: (row: number, column: number) => boolean }

export function qrSymbol(text: string): QrSymbol {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' })
  return { size: modules.size, dark: (row, column) => Boolean(modules.get(row, column)) }
}

/**
 * A QR code's printed measures in points: the symbol is `sizeInches` a side across its `modules`, and the
 * quiet zone of QR_QUIET_ZONE_MODULES modules on every side comes on top of it (`outer`).
 */
export type QrGeometry = { modules: number; module: number; symbol: number; quietZone: number; outer: number }

export function qrGeometry(modules: number, sizeInches: number): QrGeometry {
  const symbol = sizeInches * POINTS_PER_INCH
  const module = symbol / modules
  const quietZone = QR_QUIET_ZONE_MODULES * module
  return { modules, module, symbol, quietZone, outer: symbol + 2 * quietZone }
}

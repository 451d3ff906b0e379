import { csvRow } from '#server/lib/csv.ts'
import type { OrderType } from '#shared/admin-dto.ts'
import type { ExportLine } from './checkouts.service.ts'

const TYPE_LABELS: Record<OrderType, string> = {
  calendar_day: 'Calendar Day',
  map_icon: 'Map Icon',
  special_purchase: 'Special Purchase',
}

/** One row per order line; Checkout groups the lines of one payment (or a manual order on its own). */
const CHECKOUTS_CSV_HEADER = [
  'Checkout',
  'Order ID',
  'Business Name',
  'Email',
  'Type',
  'Date/Icon',
  'Mailing',
  'Amount',
  'Status',
  'Artwork',
  'Source',
  'Payment Provider',
  'Payment Reference',
  'Created At',
]

function dateOrIcon(line: ExportLine): string | null {
  if (line.type === 'special_purchase') return line.description
  if (line.type === 'map_icon') return line.iconName
  return line.date
}

function checkoutLineCsvRow(line: ExportLine): string {
  return csvRow([
    line.checkoutKey,
    line.id,
    line.businessName,
    line.email,
    TYPE_LABELS[line.type],
    dateOrIcon(line),
    line.mailingMonth,
    line.amount.toFixed(2),
    line.status,
    line.artwork,
    line.source,
    line.paymentProvider,
    line.paymentReference,
    line.createdAt,
  ])
}

/**
 * The CSV as a byte stream pulled batch by batch from `batches` (CRLF line ends, RFC 4180): the whole file
 * never exists in memory. A consumer that stops reading stops the reads of the database too.
 */
export function checkoutsCsvStream(batches: AsyncGenerator<ExportLine[]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let headerSent = false
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!headerSent) {
          headerSent = true
          controller.enqueue(encoder.encode(`${csvRow(CHECKOUTS_CSV_HEADER)}\r\n`))
          return
        }
        const next = await batches.next()
        if (next.done) {
          controller.close()
          return
        }
        controller.enqueue(
          encoder.encode(next.value.map((line) => `${checkoutLineCsvRow(line)}\r\n`).join('')),
        )
      },
      async cancel() {
        await batches.return(undefined)
      },
    },
    // One batch ahead at most.
    { highWaterMark: 1 },
  )
}

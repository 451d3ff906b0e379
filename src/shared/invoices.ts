/** An invoice the owner sent for an order awaiting payment. Money in integer cents. */
export type InvoiceDto = {
  number: string
  amountCents: number
  /** 'YYYY-MM-DD', the town's date it is due by (the mailing's sales close); null without a mailing. */
  dueDate: string | null
  /** The invoice PDF, '/api/invoices/{token}.pdf'. */
  pdfPath: string
  /** The pay link, '/api/invoices/{token}/pay'. */
  payPath: string
}

export const INVOICE_TEXTS = {
  send: 'Send invoice',
  /** The toast after sending: {number} and {email} filled in. */
  sent: (number: string, email: string) => `Invoice ${number} sent to ${email}.`,
} as const

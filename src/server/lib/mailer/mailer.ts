/**
 * Sending one e-mail. Nothing sends directly: features write rows to the outbox table (in the same
 * transaction as the change they report) and the outbox worker hands them to a Mailer.
 */
export type MailMessage = {
  from: string
  to: string
  subject: string
  text: string
  /** Extra header lines (List-Unsubscribe, …); see assertSafeHeaders for what is refused. */
  headers?: Record<string, string>
}

export interface Mailer {
  send(message: MailMessage): Promise<void>
  close(): void
}

/**
 * The one recipient a message may go to. Addresses are validated where they are typed (shared/email.ts),
 * but a row already in the outbox, or any future caller, must still never turn into several SMTP
 * recipients or extra headers: nodemailer reads "a@b.co, c@d.co" (or ';') as a list and a line break as a
 * new header line. Such a message is refused outright, never retried.
 */
class UnsafeRecipientError extends Error {
  constructor(to: string) {
    super(
      `Refused to send: the recipient ${JSON.stringify(to.slice(0, 300))} is not a single e-mail address (it contains a comma, semicolon, space, line break or angle bracket, or is not one name@domain of at most 254 characters).`,
    )
    this.name = 'UnsafeRecipientError'
  }
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters (CR, LF, NUL, …) are exactly what is refused
const RECIPIENT_SEPARATORS = /[,;<>\s\u0000-\u001f\u007f]/

export function isSingleRecipient(to: string): boolean {
  return (
    to.length > 0 &&
    to.length <= 254 &&
    !RECIPIENT_SEPARATORS.test(to) &&
    to.indexOf('@') > 0 &&
    to.indexOf('@') === to.lastIndexOf('@') &&
    !to.endsWith('@')
  )
}

export function assertSingleRecipient(to: string): void {
  if (!isSingleRecipient(to)) throw new UnsafeRecipientError(to)
}

/**
 * Extra headers are refused on the same grounds as recipients: a line break in a value starts a header
 * line of the caller's choosing (a Bcc, a second body), and a name that is not an RFC 5322 field name, or
 * one that names the recipients, sender or MIME structure the outbox itself writes, would contradict the
 * message. Like an unsafe recipient, such a message is refused outright, never retried.
 */
class UnsafeHeaderError extends Error {
  constructor(name: string, reason: string) {
    super(`Refused to send: the header ${JSON.stringify(name.slice(0, 100))} ${reason}.`)
    this.name = 'UnsafeHeaderError'
  }
}

/** RFC 5322 field name: printable ASCII except ':' (and no space). */
const HEADER_NAME = /^[!-9;-~]{1,76}$/
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters (CR, LF, NUL, …) are exactly what is refused
const HEADER_VALUE_FORBIDDEN = /[\u0000-\u0008\u000a-\u001f\u007f]/
/** RFC 5322's line limit (998) less the name and ': '. */
const MAX_HEADER_VALUE = 900
/** What the outbox and nodemailer write themselves from the row (address headers, subject, MIME). */
const RESERVED_HEADERS = new Set([
  'from',
  'sender',
  'to',
  'cc',
  'bcc',
  'reply-to',
  'subject',
  'date',
  'message-id',
  'mime-version',
  'content-type',
  'content-transfer-encoding',
  'content-disposition',
])

export function assertSafeHeaders(headers: Record<string, string> | null | undefined): void {
  if (!headers) return
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name)) throw new UnsafeHeaderError(name, 'is not a valid header name')
    if (RESERVED_HEADERS.has(name.toLowerCase()))
      throw new UnsafeHeaderError(name, 'is written by the mailer itself and cannot be set')
    if (typeof value !== 'string') throw new UnsafeHeaderError(name, 'has a value that is not text')
    if (HEADER_VALUE_FORBIDDEN.test(value))
      throw new UnsafeHeaderError(name, 'contains a line break or another control character')
    if (value.length > MAX_HEADER_VALUE)
      throw new UnsafeHeaderError(name, `is longer than ${MAX_HEADER_VALUE} characters`)
  }
}

/** A message that no retry can make sendable: the outbox fails its row for good at once. */
export function isUnsendable(error: unknown): boolean {
  return error instanceof UnsafeRecipientError || error instanceof UnsafeHeaderError
}

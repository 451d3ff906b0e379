/**
 * Sending one e-mail. Nothing sends directly: features write rows to the outbox table (in the same
 * transaction as the change they report) and the outbox worker hands them to a Mailer.
 */
export type MailMessage = {
  from: string
  to: string
  subject: string
  text: string
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
export class UnsafeRecipientError extends Error {
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

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

import nodemailer from 'nodemailer'
import { assertSafeHeaders, assertSingleRecipient, type Mailer } from './mailer.ts'

/** SMTP delivery via nodemailer (SMTP_URL, e.g. smtps://user:pass@mail.example.com:465). */
export function createSmtpMailer(smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl)
  return {
    async send(message) {
      assertSingleRecipient(message.to) // before nodemailer parses it into a recipient list
      assertSafeHeaders(message.headers) // before nodemailer writes them as header lines
      await transport.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.headers ? { headers: message.headers } : {}),
      })
    },
    close: () => transport.close(),
  }
}

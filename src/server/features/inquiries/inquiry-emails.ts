import type { OutboxEmail } from '#server/lib/mailer/outbox.ts'

/** A new contact inquiry (the /contact form) tells the admin, pointing at the admin's inbox. */
export function adminContactInquiryEmail(input: {
  inquiryId: string
  email: string
  name: string
  /** The visitor's optional message, as typed (trimmed); null without one. */
  message: string | null
  adminEmail: string
  publicOrigin: string
}): OutboxEmail {
  // A visitor's text in a header: line breaks and runs of spaces become one space.
  const from = (input.name || input.email).replace(/\s+/g, ' ').trim()
  return {
    dedupeKey: `admin-contact-inquiry:${input.inquiryId}`,
    kind: 'admin_contact_inquiry',
    to: input.adminEmail,
    subject: `New contact inquiry from ${from}`,
    text: [
      'A new inquiry came in through the contact form:',
      '',
      `Name: ${input.name}`,
      `Email: ${input.email}`,
      '',
      ...(input.message ? ['Message:', input.message, ''] : ['No message was written.', '']),
      `See and mark it handled in the admin inbox: ${input.publicOrigin}/admin/inbox`,
    ].join('\n'),
  }
}

import { z } from 'zod'
import { formatCount } from './format.ts'

/**
 * The owner's message to every advertiser of a mailing (POST /api/admin/mailings/:month/message): one
 * e-mail per distinct address with sold lines in it. Such a message is not about their order, so an address
 * that unsubscribed from announcements is skipped, and each e-mail carries the unsubscribe link. The same
 * subject and message sent again (a double click) e-mails no one twice.
 */

export const MESSAGE_SUBJECT_MAX = 150
export const MESSAGE_TEXT_MAX = 5000

// Control characters other than line breaks and tabs: nothing a person types, and a line break in a subject
// would start a new header line.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
const LINE_BREAK_OR_CONTROL = /[\u0000-\u001f\u007f]/

export const messageAdvertisersInputSchema = z.object({
  subject: z
    .string({ error: 'Enter a subject.' })
    .trim()
    .min(1, 'Enter a subject.')
    .max(MESSAGE_SUBJECT_MAX, `Use at most ${MESSAGE_SUBJECT_MAX} characters.`)
    .refine((v) => !LINE_BREAK_OR_CONTROL.test(v), 'Write the subject on one line.'),
  message: z
    .string({ error: 'Write a message.' })
    .trim()
    .min(1, 'Write a message.')
    .max(MESSAGE_TEXT_MAX, `Use at most ${formatCount(MESSAGE_TEXT_MAX)} characters.`)
    .refine((v) => !CONTROL.test(v), 'Remove the control characters from the message.'),
})
export type MessageAdvertisersInput = z.infer<typeof messageAdvertisersInputSchema>

/**
 * queued: e-mails put in the outbox now; skipped: the mailing's advertisers not e-mailed (unsubscribed,
 * already sent this very message, or an address that cannot be sent to).
 */
export type MessageAdvertisersResponse = { queued: number; skipped: number }

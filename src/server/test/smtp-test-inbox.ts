import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/**
 * For tests only: a local SMTP server that records messages; `rejectNext` makes the next n messages fail
 * with 451. Shared by the outbox tests and the features that check what actually goes over the wire.
 */
export type SmtpTestInbox = {
  url: string
  messages: { to: string[]; raw: string }[]
  /** Every RCPT TO the server was given, accepted message or not. */
  recipients: string[]
  rejectNext: number
  close: () => Promise<void>
}

export async function startSmtpTestInbox(): Promise<SmtpTestInbox> {
  const inbox = { messages: [] as SmtpTestInbox['messages'], recipients: [] as string[], rejectNext: 0 }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      inbox.recipients.push(address.address)
      callback()
    },
    onData(stream, session, callback) {
      let raw = ''
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString()
      })
      stream.on('end', () => {
        if (inbox.rejectNext > 0) {
          inbox.rejectNext--
          const error = Object.assign(new Error('try again later'), { responseCode: 451 })
          return callback(error)
        }
        inbox.messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.server.address() as AddressInfo
  return Object.assign(inbox, {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  })
}

/** The header block of a raw message, with folded lines joined, as name (lower case) → values. */
export function parseRawHeaders(raw: string): Map<string, string[]> {
  const block = raw.split(/\r?\n\r?\n/, 1)[0] ?? ''
  const headers = new Map<string, string[]>()
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const name = line.slice(0, colon).trim().toLowerCase()
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()])
  }
  return headers
}

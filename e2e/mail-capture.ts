import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { expect } from '@playwright/test'
import { SMTPServer } from 'smtp-server'

/**
 * The storefront server's outbox delivers over SMTP to this capture (e2e/global-setup.ts starts it in the
 * runner's process and names its folder in E2E_MAIL_DIR): every message it accepts is written to that
 * folder as `<n>.eml`, the raw message as it came over the wire. Tests, in other processes, read the folder.
 */
export const MAIL_DIR_ENV = 'E2E_MAIL_DIR'

export type MailCapture = { url: string; close: () => Promise<void> }

export async function startMailCapture(dir: string): Promise<MailCapture> {
  let received = 0
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on the loopback: nodemailer would otherwise upgrade to TLS with no certificate to trust.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received += 1
        const file = path.join(dir, `${String(received).padStart(5, '0')}.eml`)
        // Written whole, then renamed into place: a reader never sees half a message.
        fs.writeFileSync(`${file}.part`, Buffer.concat(chunks))
        fs.renameSync(`${file}.part`, file)
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type CapturedMail = { to: string; subject: string; text: string }

/** The header block with folded lines joined, as name (lower case) → value (the first of each). */
function headersOf(block: string): Map<string, string> {
  const headers = new Map<string, string>()
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const name = line.slice(0, colon).trim().toLowerCase()
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim())
  }
  return headers
}

/**
 * A quoted-printable body as text: nodemailer writes lines longer than 76 characters (a sign-in link) this
 * way, breaking them with a soft `=` line end and writing '=' itself as '=3D'.
 */
export function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? /^[0-9A-Fa-f]{2}/.exec(joined.slice(i + 1, i + 3)) : null
    if (hex) {
      bytes.push(Number.parseInt(hex[0], 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(joined[i] as string, 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

/** A single-part text message (what the outbox sends) as its recipient, subject and decoded text. */
export function parseMail(raw: string): CapturedMail {
  const split = /\r?\n\r?\n/.exec(raw)
  const headerBlock = split ? raw.slice(0, split.index) : raw
  const body = split ? raw.slice(split.index + split[0].length) : ''
  const headers = headersOf(headerBlock)
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase()
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body
  return { to: headers.get('to') ?? '', subject: headers.get('subject') ?? '', text }
}

/** Every message captured so far. */
export function capturedMail(): CapturedMail[] {
  const dir = process.env[MAIL_DIR_ENV]
  if (!dir) throw new Error(`${MAIL_DIR_ENV} is not set: e2e/global-setup.ts starts the mail capture`)
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => parseMail(fs.readFileSync(path.join(dir, name), 'utf8')))
}

/** The messages sent to `address`: one of the addresses of their To header, in any case. */
export function mailTo(address: string): CapturedMail[] {
  const wanted = address.toLowerCase()
  return capturedMail().filter((mail) =>
    (mail.to.match(/[^\s<>,"]+@[^\s<>,"]+/g) ?? []).some((to) => to.toLowerCase() === wanted),
  )
}

/** The subject of the e-mail that carries an advertiser's sign-in link. */
export const SIGN_IN_SUBJECT = 'Your Townflyer sign-in link'

/** The sign-in link of the last sign-in e-mail to `email`, once the outbox has sent it (every 2 s). */
export async function signInLinkFor(email: string): Promise<string> {
  let link = ''
  await expect
    .poll(
      () => {
        const mail = mailTo(email).filter((m) => m.subject === SIGN_IN_SUBJECT)
        link = /https?:\/\/\S+\/api\/auth\/magic-link\/verify\?\S+/.exec(mail.at(-1)?.text ?? '')?.[0] ?? ''
        return link
      },
      { message: `a sign-in e-mail to ${email}` },
    )
    .not.toBe('')
  return link
}

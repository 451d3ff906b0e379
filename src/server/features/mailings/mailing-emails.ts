import type { OutboxEmail } from '#server/lib/mailer/outbox.ts'
import { formatDayDate } from '#shared/format.ts'
import { type MonthKey, mailingMonthLabel } from '#shared/mailings.ts'
import type { SiteConfig } from '#shared/site-config.ts'
import { describeItem } from '../orders/order-email-lines.ts'

// What a mailing's buyers are told when the owner moves its dates or mails it. Pure: the notices
// (mailing-notices.ts) decide who gets which and queue them.

/** One line of the purchase in the mailing, as every order e-mail names it ('Calendar day: …'). */
export type NoticeLine = { id: string; date: string | null; iconName: string | null }

/** The purchase an e-mail is about: one e-mail each. */
export type NoticePurchase = {
  purchaseId: string
  reference: string
  businessName: string
  email: string
  lines: NoticeLine[]
}

/**
 * A date that moved, from what to what, already in words: the deadlines as deadlineText writes them
 * ('Thursday, December 17, 11:59 PM (EST)'), the in-homes date as a day ('Friday, January 1, 2027').
 */
export type MovedDate = { from: string; to: string }

export type DateChanges = {
  salesClose?: MovedDate
  /** With the buyer's artwork page, where the new file goes. */
  artworkDue?: MovedDate & { artworkUrl: string }
  inHomes?: MovedDate
}

export type NoticeContext = {
  site: SiteConfig
  /** PUBLIC_URL or the local address, no trailing slash. */
  publicOrigin: string
}

const lineText = (line: NoticeLine) =>
  `- ${describeItem({ ...line, description: null, units: null, amountCents: 0 })}`

function footer(ctx: NoticeContext): string[] {
  const { site } = ctx
  return [
    `Your orders and receipts: ${ctx.publicOrigin}/account`,
    '',
    `Questions? Write to ${site.contactEmail} or call ${site.contactPhone}.`,
    site.productName,
  ]
}

function dateChangeSubject(label: string, changes: DateChanges): string {
  const moved = [changes.salesClose, changes.artworkDue, changes.inHomes].filter(Boolean)
  if (moved.length > 1) return `New dates for the ${label} mailing`
  if (changes.salesClose) return `Sales for the ${label} mailing now close ${changes.salesClose.to}`
  if (changes.artworkDue) return `Artwork for the ${label} mailing is now due ${changes.artworkDue.to}`
  return `The ${label} mailing is now in homes by ${changes.inHomes?.to ?? ''}`
}

/**
 * The owner moved dates of a mailing this purchase is in: which date, from what to what, and what the buyer
 * does about it (pay before the new sales close, upload by the new artwork deadline). Only the dates that
 * concern this purchase are in `changes` (the notices decide); one e-mail names them all.
 */
export function mailingDatesChangedEmail(input: {
  month: MonthKey
  purchase: NoticePurchase
  changes: DateChanges
  /** Tells one change of the mailing's dates from another (the instant it was saved). */
  changeKey: string
  ctx: NoticeContext
}): OutboxEmail {
  const { purchase, changes, ctx } = input
  const label = mailingMonthLabel(input.month)
  const count = [changes.salesClose, changes.artworkDue, changes.inHomes].filter(Boolean).length
  const paragraphs: string[][] = []
  if (changes.salesClose)
    paragraphs.push([
      `Sales close: ${changes.salesClose.to} (was ${changes.salesClose.from}).`,
      'Your order is awaiting payment: please pay for it before sales close.',
    ])
  if (changes.artworkDue)
    paragraphs.push([
      `Artwork due: ${changes.artworkDue.to} (was ${changes.artworkDue.from}).`,
      `Please upload your artwork by then: ${changes.artworkDue.artworkUrl}`,
    ])
  if (changes.inHomes) paragraphs.push([`In homes by: ${changes.inHomes.to} (was ${changes.inHomes.from}).`])
  return {
    dedupeKey: `mailing-dates:${input.month}:${purchase.purchaseId}:${input.changeKey}`,
    purchaseId: purchase.purchaseId,
    kind: 'mailing_dates_changed',
    to: purchase.email,
    subject: dateChangeSubject(label, changes),
    text: [
      `Hello ${purchase.businessName},`,
      '',
      `We have moved ${count === 1 ? 'a date' : 'dates'} of the ${label} ${ctx.site.productName} mailing:`,
      '',
      ...paragraphs.flatMap((p) => [...p, '']),
      `Your order ${purchase.reference} in this mailing:`,
      ...purchase.lines.map(lineText),
      '',
      ...footer(ctx),
    ].join('\n'),
  }
}

/** 'Your postcard is on its way: in homes by Friday, January 1, 2027' */
export function onItsWaySubject(inHomesDate: string): string {
  return `Your postcard is on its way: in homes by ${formatDayDate(inHomesDate)}`
}

/**
 * The mailing went out: when it is in homes, the buyer's account and the next mailing to book. Once per
 * purchase and mailing (its dedupe key names nothing else).
 */
export function mailingOnItsWayEmail(input: {
  month: MonthKey
  inHomesDate: string
  /** The mailing to book next: its month opens the calendar there (/calendar?month=). */
  nextMonth: MonthKey
  purchase: NoticePurchase
  ctx: NoticeContext
}): OutboxEmail {
  const { purchase, ctx } = input
  const label = mailingMonthLabel(input.month)
  return {
    dedupeKey: `mailing-mailed:${input.month}:${purchase.purchaseId}`,
    purchaseId: purchase.purchaseId,
    kind: 'mailing_mailed',
    to: purchase.email,
    subject: onItsWaySubject(input.inHomesDate),
    text: [
      `Hello ${purchase.businessName},`,
      '',
      `${onItsWaySubject(input.inHomesDate)}.`,
      '',
      `The ${label} ${ctx.site.productName} postcard has been mailed with your ad:`,
      ...purchase.lines.map(lineText),
      '',
      `Book the ${mailingMonthLabel(input.nextMonth)} mailing: ${ctx.publicOrigin}/calendar?month=${input.nextMonth}`,
      ...footer(ctx),
    ].join('\n'),
  }
}

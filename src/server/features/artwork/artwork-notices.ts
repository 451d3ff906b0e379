import { and, asc, eq, gt, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import { mailings, orderArtwork, orders } from '#server/db/schema.ts'
import { eachOnItsOwn } from '#server/lib/each-on-its-own.ts'
import { AppError } from '#server/lib/errors.ts'
import type { Logger } from '#server/lib/logger.ts'
import { enqueueEmail, enqueueEmails, type OutboxEmail } from '#server/lib/mailer/outbox.ts'
import { type PrintSpecs, printSizeFor } from '#shared/artwork.ts'
import { MAILING_NOT_FOUND, mailingMonthLabel } from '#shared/mailings.ts'
import type { SiteConfig } from '#shared/site-config.ts'
import {
  artworkDueText,
  artworkPath,
  dueOf,
  ensureArtworkLink,
  ensureArtworkLinks,
} from '../orders/checkout-artwork.service.ts'
import { getPrintSpecs } from '../orders/print-specs.service.ts'
import {
  type ArtworkContext,
  knownOrderId,
  type LineRow,
  lineLabel,
  lineState,
  linesOfPurchase,
  ORDER_NOT_FOUND,
  requireMailing,
  reviewArtwork,
  selectLines,
} from './artwork.service.ts'
import { artworkChangesRequestedEmail, artworkLinkEmail, artworkReminderEmail } from './artwork-emails.ts'
import { checkPrint, type InspectedArtwork, printWarnings } from './artwork-file.ts'

/** The artwork context plus what e-mails need. */
export type NoticeContext = ArtworkContext & { site: SiteConfig }

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The automatic reminders: 7 days and 1 day before a mailing's artwork deadline, to each purchase with a
 * line that still needs something (reminderNeed: missing artwork, changes requested, or a received file with
 * a print warning). A line gets a stage's reminder only if it was bought before that stage
 * began (a buyer who pays 3 days before the deadline has just been told the deadline, and gets the 1-day
 * reminder only).
 */
const REMINDER_STAGES = [
  { name: '7d', beforeMs: 7 * DAY_MS },
  { name: '1d', beforeMs: 1 * DAY_MS },
] as const

function absoluteUrl(ctx: Pick<ArtworkContext, 'publicOrigin'>, path: string): string {
  return `${ctx.publicOrigin}${path}`
}

/** Lines of the purchase as the e-mails list them. */
const asEmailLines = (lines: LineRow[]) => lines.map((l) => ({ label: lineLabel(l) }))

/** Request changes: the state and the buyer's e-mail (with the note and the link) in one transaction. */
export async function requestArtworkChanges(
  ctx: NoticeContext,
  orderId: string,
  note: string,
  by: string,
  now: Date,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await reviewArtwork(tx, orderId, { state: 'changes_requested', note }, by, now)
    const token = await ensureArtworkLink(tx, row.purchaseId)
    const [due] = await dueOf({ ...ctx, db: tx }, [row.mailingMonth])
    if (!due) throw new AppError('not_found', MAILING_NOT_FOUND)
    await enqueueEmail(
      tx,
      artworkChangesRequestedEmail({
        dedupeKey: `artwork-changes:${orderId}:${now.getTime()}`,
        purchaseId: row.purchaseId,
        to: row.email,
        businessName: row.businessName,
        line: { label: lineLabel(row) },
        note,
        url: absoluteUrl(ctx, artworkPath(token)),
        due,
        site: ctx.site,
      }),
    )
  })
}

/** E-mails the buyer of an order the link to their purchase's artwork page. Answers the address. */
export async function sendArtworkLink(ctx: NoticeContext, orderId: string, now: Date): Promise<string> {
  const [row] = await selectLines(ctx.db, eq(orders.id, knownOrderId(orderId)))
  if (!row) throw new AppError('not_found', ORDER_NOT_FOUND)
  const lines = await linesOfPurchase(ctx.db, row.purchaseId)
  const token = await ensureArtworkLink(ctx.db, row.purchaseId)
  await enqueueEmail(
    ctx.db,
    artworkLinkEmail({
      dedupeKey: `artwork-link:${row.purchaseId}:${now.getTime()}`,
      purchaseId: row.purchaseId,
      to: row.email,
      businessName: row.businessName,
      url: absoluteUrl(ctx, artworkPath(token)),
      lines: asEmailLines(lines),
      mailings: await dueOf(
        ctx,
        lines.map((l) => l.mailingMonth),
      ),
      site: ctx.site,
    }),
  )
  return row.email
}

type MailingRow = typeof mailings.$inferSelect

/**
 * What a reminder asks of one line, or null when the line needs nothing: its artwork is missing, the owner
 * asked for changes (the buyer is told what, when the note was kept), or its received file will not print
 * well (the buyer is told why). An approved file, or a received one that prints well, needs nothing.
 */
type ReminderNeed =
  | { kind: 'missing' }
  | { kind: 'changes'; note: string | null }
  | { kind: 'warning'; warnings: string[] }

function reminderNeed(line: LineRow, specs: PrintSpecs): ReminderNeed | null {
  const state = lineState(line)
  if (state === 'missing') return { kind: 'missing' }
  if (state === 'changes_requested') return { kind: 'changes', note: line.artwork?.ownerNote?.trim() || null }
  if (state === 'received' && line.artwork) {
    const size = printSizeFor(specs, { kind: line.date ? 'day' : 'icon', iconSize: line.itemSize })
    const warnings = printWarnings(checkPrint(line.artwork.inspection as InspectedArtwork, size, specs.dpi))
    if (warnings.length > 0) return { kind: 'warning', warnings }
  }
  return null
}

/**
 * One reminder per purchase with lines of `mailing` that still need something (reminderNeed), optionally
 * only lines bought before `boughtBefore`.
 */
async function reminderEmails(
  ctx: NoticeContext,
  mailing: MailingRow,
  dedupe: (purchaseId: string) => string,
  boughtBefore?: Date,
): Promise<OutboxEmail[]> {
  const bought = sql`coalesce(${orders.paidAt}, ${orders.createdAt})`
  const candidates = await selectLines(
    ctx.db,
    and(
      eq(orders.mailingMonth, mailing.month),
      or(isNull(orderArtwork.orderId), inArray(orderArtwork.state, ['changes_requested', 'received'])),
      boughtBefore ? sql`${bought} < ${boughtBefore.toISOString()}` : undefined,
    ) as SQL,
  )
  const specs = await getPrintSpecs(ctx.db)
  const byPurchase = new Map<string, Array<{ line: LineRow; need: ReminderNeed }>>()
  for (const line of candidates) {
    const need = reminderNeed(line, specs)
    if (need) byPurchase.set(line.purchaseId, [...(byPurchase.get(line.purchaseId) ?? []), { line, need }])
  }
  const tokens = await ensureArtworkLinks(ctx.db, [...byPurchase.keys()])
  const due = {
    label: mailingMonthLabel(mailing.month),
    artworkDueText: artworkDueText(mailing, ctx.timeZone),
  }
  return [...byPurchase].map(([purchaseId, needs]) => {
    const first = (needs[0] as { line: LineRow }).line
    return artworkReminderEmail({
      dedupeKey: dedupe(purchaseId),
      purchaseId,
      to: first.email,
      businessName: first.businessName,
      lines: needs.filter((n) => n.need.kind === 'missing').map((n) => ({ label: lineLabel(n.line) })),
      changesRequested: needs.flatMap((n) =>
        n.need.kind === 'changes' ? [{ label: lineLabel(n.line), note: n.need.note }] : [],
      ),
      printWarnings: needs.flatMap((n) =>
        n.need.kind === 'warning' ? [{ label: lineLabel(n.line), warnings: n.need.warnings }] : [],
      ),
      url: absoluteUrl(ctx, artworkPath(tokens.get(purchaseId) as string)),
      due,
      site: ctx.site,
    })
  })
}

/**
 * The periodic task's work: for each stage whose time has come (deadline − 7 days, − 1 day) and whose
 * deadline has not passed, queue the reminders, each mailing's on its own (a mailing that fails is logged and
 * the others' go out). Each e-mail's dedupe key names the purchase, the mailing and the stage, so it is
 * queued once however many instances run this at once or how often.
 */
export async function sendDueArtworkReminders(
  ctx: NoticeContext & { logger: Logger },
  now: Date,
): Promise<number> {
  const due: Array<{ stage: (typeof REMINDER_STAGES)[number]; mailing: MailingRow }> = []
  for (const stage of REMINDER_STAGES) {
    const stageStart = sql`${mailings.artworkDueAt} - make_interval(secs => ${stage.beforeMs / 1000})`
    const mailingsDue = await ctx.db
      .select()
      .from(mailings)
      .where(
        and(
          inArray(mailings.status, ['open', 'closed']),
          gt(mailings.artworkDueAt, now),
          lte(stageStart, sql`${now.toISOString()}::timestamptz`),
        ),
      )
      .orderBy(asc(mailings.month))
    due.push(...mailingsDue.map((mailing) => ({ stage, mailing })))
  }
  const queued = await eachOnItsOwn(
    due,
    {
      label: 'artwork reminders of a mailing',
      logger: ctx.logger,
      about: ({ stage, mailing }) => ({ month: mailing.month, stage: stage.name }),
    },
    async ({ stage, mailing }) => {
      const startedAt = new Date(mailing.artworkDueAt.getTime() - stage.beforeMs)
      const emails = await reminderEmails(
        ctx,
        mailing,
        (purchaseId) => `artwork-reminder:${purchaseId}:${mailing.month}:${stage.name}`,
        startedAt,
      )
      return enqueueEmails(ctx.db, emails)
    },
  )
  return queued.reduce((sum, n) => sum + n, 0)
}

/**
 * The owner's "Send reminders now": every purchase of the mailing with a line that still needs something
 * (missing artwork, changes requested, a file with a print warning), now.
 */
export async function sendArtworkRemindersNow(ctx: NoticeContext, month: string, now: Date): Promise<number> {
  const mailing = await requireMailing(ctx.db, month)
  const emails = await reminderEmails(
    ctx,
    mailing,
    (key) => `artwork-reminder:${key}:${month}:now:${now.getTime()}`,
  )
  return enqueueEmails(ctx.db, emails)
}

import { and, count, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { emailInquiries } from '#server/db/schema.ts'
import { csvRow } from '#server/lib/csv.ts'
import { AppError } from '#server/lib/errors.ts'
import {
  type AdminInboxEntryDto,
  type AdminInboxQuery,
  type AdminInboxResponse,
  INBOX_ENTRY_NOT_FOUND_MESSAGE,
  type InboxKind,
} from '#shared/admin-communication.ts'

type InquiryRow = typeof emailInquiries.$inferSelect

/**
 * Both kinds live in email_inquiries (metadata {name} and the message column from the /contact form, {name, businessName,
 * type: 'waitlist'} from the waitlists); anything without type 'waitlist' is a contact inquiry.
 */
const isWaitlist = sql`coalesce(${emailInquiries.metadata}->>'type', '') = 'waitlist'`
const isContact = sql`coalesce(${emailInquiries.metadata}->>'type', '') <> 'waitlist'`

const KNOWN_FIELDS = new Set(['name', 'businessName', 'type'])

function text(value: unknown): string | null {
  if (value === null || value === undefined) return null
  const s = typeof value === 'string' ? value : JSON.stringify(value)
  return s === '' ? null : s
}

function toDto(row: InquiryRow): AdminInboxEntryDto {
  const metadata = row.metadata ?? {}
  const kind: InboxKind = metadata.type === 'waitlist' ? 'waitlist' : 'contact'
  const details: Record<string, string> = {}
  for (const [key, value] of Object.entries(metadata)) {
    const shown = text(value)
    if (!KNOWN_FIELDS.has(key) && shown !== null) details[key] = shown
  }
  return {
    id: row.id,
    kind,
    email: row.email,
    name: text(metadata.name),
    businessName: text(metadata.businessName),
    message: row.message || null,
    details,
    createdAt: row.createdAt.toISOString(),
    handledAt: row.handledAt?.toISOString() ?? null,
    handledBy: row.handledBy,
  }
}

type InboxFilters = Pick<AdminInboxQuery, 'kind' | 'handled'>

function whereOf(filters: InboxFilters): SQL | undefined {
  return and(
    filters.kind === 'waitlist' ? isWaitlist : filters.kind === 'contact' ? isContact : undefined,
    filters.handled === true
      ? isNotNull(emailInquiries.handledAt)
      : filters.handled === false
        ? isNull(emailInquiries.handledAt)
        : undefined,
  )
}

const NEWEST_FIRST = [desc(emailInquiries.createdAt), desc(emailInquiries.id)]

export async function listInbox(db: Db, query: AdminInboxQuery): Promise<AdminInboxResponse> {
  const where = whereOf(query)
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(emailInquiries)
      .where(where)
      .orderBy(...NEWEST_FIRST)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(emailInquiries).where(where),
  ])
  return {
    entries: rows.map(toDto),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  }
}

/** Marks an entry handled by `by` (the admin's e-mail), or not handled; answers the entry. */
export async function markInboxEntry(
  db: Db,
  id: string,
  input: { handled: boolean; by: string },
  now = new Date(),
): Promise<AdminInboxEntryDto> {
  const [row] = await db
    .update(emailInquiries)
    .set(input.handled ? { handledAt: now, handledBy: input.by } : { handledAt: null, handledBy: null })
    .where(eq(emailInquiries.id, id))
    .returning()
  if (!row) throw new AppError('not_found', INBOX_ENTRY_NOT_FOUND_MESSAGE)
  return toDto(row)
}

const INBOX_CSV_HEADER = [
  'Received At',
  'Kind',
  'Email',
  'Name',
  'Business Name',
  'Message',
  'Details',
  'Handled At',
  'Handled By',
]

/** Rows read per query while the CSV is built: memory stays bounded by the page, not the table. */
const CSV_BATCH = 1000

/**
 * The filtered inbox as CSV (RFC 4180, CRLF, the orders CSV's cell escaping and formula guard), newest
 * first. Built in batches keyed on (created_at, id), so a large waitlist never loads at once.
 */
export async function* inboxCsvChunks(db: Db, filters: InboxFilters): AsyncGenerator<string> {
  yield `${csvRow(INBOX_CSV_HEADER)}\r\n`
  // The cursor keeps created_at as PostgreSQL's text (microseconds), which a JS Date would round.
  let after: { createdAt: string; id: string } | undefined
  for (;;) {
    const rows = await db
      .select({ row: emailInquiries, cursor: sql<string>`${emailInquiries.createdAt}::text` })
      .from(emailInquiries)
      .where(
        and(
          whereOf(filters),
          after
            ? sql`(${emailInquiries.createdAt}, ${emailInquiries.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(...NEWEST_FIRST)
      .limit(CSV_BATCH)
    if (rows.length === 0) return
    let chunk = ''
    for (const { row } of rows) {
      const entry = toDto(row)
      chunk += `${csvRow([
        entry.createdAt,
        entry.kind,
        entry.email,
        entry.name,
        entry.businessName,
        entry.message,
        Object.entries(entry.details)
          .map(([key, value]) => `${key}: ${value}`)
          .join('; ') || null,
        entry.handledAt,
        entry.handledBy,
      ])}\r\n`
    }
    yield chunk
    if (rows.length < CSV_BATCH) return
    const last = rows[rows.length - 1] as (typeof rows)[number]
    after = { createdAt: last.cursor, id: last.row.id }
  }
}

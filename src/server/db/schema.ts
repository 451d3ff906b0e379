import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

// One schema for PGlite and PostgreSQL. Money is integer cents; calendar dates are 'YYYY-MM-DD' strings.

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()

// ---------------------------------------------------------------- auth (better-auth's tables)

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
)

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
)

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
)

/** better-auth's limiter (per IP and path) and our per-account sign-in throttle share this table. */
export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
})

// ---------------------------------------------------------------- roles

export const userRoles = pgTable(
  'user_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_roles_user_role_idx').on(t.userId, t.role)],
)

// ---------------------------------------------------------------- catalogue

/** status: available | reserved | reserved_pending; any other value is shown as Not Initialized. */
export const calendarDays = pgTable(
  'calendar_days',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    date: date('date', { mode: 'string' }).notNull().unique(),
    status: text('status').notNull().default('available'),
    businessName: text('business_name'),
    priceCents: integer('price_cents').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('calendar_days_status_date_idx').on(t.status, t.date),
    check('calendar_days_price_nonnegative', sql`${t.priceCents} >= 0`),
  ],
)

/**
 * size: 'small' (shown as Regular / 'Map Icon') or anything else (Premium). total_quantity is the icon's
 * default quantity per mailing: each mailing has its own stock (mailing_icon_stock), which starts from it.
 */
export const mapIcons = pgTable(
  'map_icons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    size: text('size').notNull(),
    priceCents: integer('price_cents').notNull(),
    totalQuantity: integer('total_quantity').notNull(),
    /**
     * A retired type ('YYYY-MM', decision 020): not sold in this mailing nor any later one; earlier mailings
     * keep selling the stock they were set up with. Null: on sale. The row stays (orders reference it).
     */
    retiredFrom: text('retired_from'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('map_icons_price_nonnegative', sql`${t.priceCents} >= 0`),
    check('map_icons_quantity_nonnegative', sql`${t.totalQuantity} >= 0`),
    check('map_icons_retired_from_format', sql`${t.retiredFrom} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
)

// ---------------------------------------------------------------- mailings (decision 012)

/**
 * The monthly postcard: the unit of sale. month is 'YYYY-MM'; a calendar day belongs to the mailing of its
 * date's month (created when days of that month are first initialised). status: open | closed | printed |
 * mailed. A day or icon is for sale only while status is 'open' and now < sales_close_at; the deadline task
 * writes 'closed' once sales_close_at passes (so cached public reads change with a write), and checkout
 * checks the time itself. in_homes_date is the town's date the postcard should reach homes.
 */
export const mailings = pgTable(
  'mailings',
  {
    month: text('month').primaryKey(),
    status: text('status').notNull().default('open'),
    salesCloseAt: timestamp('sales_close_at', { withTimezone: true }).notNull(),
    artworkDueAt: timestamp('artwork_due_at', { withTimezone: true }).notNull(),
    inHomesDate: date('in_homes_date', { mode: 'string' }).notNull(),
    /** When the waitlist was last e-mailed "The {Month} mailing is open". */
    waitlistNotifiedAt: timestamp('waitlist_notified_at', { withTimezone: true }),
    /**
     * How many days the returning advertisers' offers hold their spots (features/offers): the mailing
     * default priorityWindowDays when the mailing is made (ensure_mailing, migration 0019); 0: no offers.
     */
    priorityWindowDays: integer('priority_window_days').notNull().default(7),
    /**
     * When this mailing's offers were made (or found to be none): the claim that makes them exactly once,
     * set by `UPDATE … WHERE offers_made_at IS NULL` in the transaction that inserts them. Null: not yet.
     */
    offersMadeAt: timestamp('offers_made_at', { withTimezone: true }),
    /**
     * When the mailing's proof was first built: from then its advertisers are asked to check their ads as
     * printed (features/artwork/ad-approval.service.ts). Null: no proof yet.
     */
    proofBuiltAt: timestamp('proof_built_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('mailings_month_format', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('mailings_status', sql`${t.status} IN ('open', 'closed', 'printed', 'mailed')`),
    check('mailings_priority_window_days', sql`${t.priorityWindowDays} BETWEEN 0 AND 60`),
    index('mailings_status_close_idx').on(t.status, t.salesCloseAt),
  ],
)

/**
 * Map icon stock per mailing: quantity starts from the icon's default (total_quantity) and is editable per
 * mailing, never below what is claimed. What is still available is not stored: it is derived when read
 * (quantity − paid orders − live holds of that icon in that mailing, decision 007; iconClaimsSql in
 * features/orders/order-status.service.ts). The row is the lock every sale of that icon in that mailing
 * takes (SELECT … FOR UPDATE, then the claims are counted, then the order inserted).
 */
export const mailingIconStock = pgTable(
  'mailing_icon_stock',
  {
    month: text('month')
      .notNull()
      .references(() => mailings.month, { onDelete: 'cascade' }),
    iconId: uuid('icon_id')
      .notNull()
      .references(() => mapIcons.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.iconId] }),
    index('mailing_icon_stock_icon_idx').on(t.iconId),
    check('mailing_icon_stock_quantity_nonnegative', sql`${t.quantity} >= 0`),
  ],
)

/** Addresses that used a one-click unsubscribe link: no more mailing announcements go to them. */
export const emailUnsubscribes = pgTable('email_unsubscribes', {
  email: text('email').primaryKey(),
  createdAt: createdAt(),
})

// ---------------------------------------------------------------- orders and payments

/**
 * status: pending | paid | refunded | expired | deleted. A checkout hold is a pending order with expires_at
 * set (an admin's pending order has none); payment_session_id links every order of one checkout (cart
 * checkouts make one order per item). 'deleted' is an admin's delete: the row and its history stay
 * (deleted_at / deleted_by), it leaves the lists and holds nothing.
 *
 * What the order bought is its own record (item_date, item_name, item_size, unit_price_cents), written when
 * the order is created (by the orders_item_snapshot trigger, migration 0004, when the insert does not give
 * it): later calendar or icon changes never alter it. amount_cents is what was charged (after discounts).
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    businessName: text('business_name').notNull(),
    email: text('email').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').notNull().default('pending'),
    // A day with orders cannot be deleted (restrict): its dead orders are detached first (they keep
    // item_date), its live ones block the delete.
    dayId: uuid('day_id').references(() => calendarDays.id, { onDelete: 'restrict' }),
    mapIconId: uuid('map_icon_id').references(() => mapIcons.id, { onDelete: 'set null' }),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    /** checkout | manual | offer (a returning advertiser's held line, features/offers) */
    source: text('source').notNull().default('checkout'),
    paymentProvider: text('payment_provider'),
    paymentSessionId: text('payment_session_id'),
    paymentIntentId: text('payment_intent_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    itemDate: date('item_date', { mode: 'string' }),
    itemName: text('item_name'),
    itemSize: text('item_size'),
    unitPriceCents: integer('unit_price_cents'),
    /**
     * The mailing the order's item appears in: a day's is its date's month (set by the orders_item_snapshot
     * trigger from item_date); an icon order names its mailing; a special purchase has none.
     */
    mailingMonth: text('mailing_month').references(() => mailings.month, { onDelete: 'restrict' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: text('deleted_by'),
    /**
     * The purchase the line belongs to (purchases.id). Set by the database when the line is inserted without
     * one (the orders_purchase trigger: its checkout's payment session, else the order itself, and the
     * purchase is made then with the line's buyer), so writers leave it out (DEFAULT), and it never changes
     * when a later payment session is put on the line (an invoice's pay link). Its foreign key is DEFERRABLE
     * INITIALLY DEFERRED and ON UPDATE CASCADE (hand-written in migration 0015: drizzle cannot declare a
     * deferred key), so a checkout can rename its purchase to the provider's session id in one transaction.
     */
    purchaseId: text('purchase_id')
      .notNull()
      .$defaultFn(() => sql`DEFAULT`),
    /**
     * The line's short link, /go/{code}: 7 characters of an alphabet that reads aloud without confusion
     * (2-9 and a-z without i, l, o and u; about 2 * 10^10 codes). Set by the orders_short_code trigger when
     * the line is inserted, unique, and never changed afterwards (the trigger keeps it), so a printed QR code
     * keeps working. Writers leave it out (DEFAULT).
     */
    shortCode: text('short_code')
      .notNull()
      .$defaultFn(() => sql`DEFAULT`),
    /** Where the short link leads: 'page' (the advertiser's page on this site) | 'website' | 'phone'. */
    linkDestination: text('link_destination').notNull().default('page'),
    /** The website ('https://…') or phone number ('+15555550123') of those destinations; null for 'page'. */
    linkTarget: text('link_target'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_short_code_idx').on(t.shortCode),
    check(
      'orders_link_destination',
      sql`(${t.linkDestination} = 'page' AND ${t.linkTarget} IS NULL) OR (${t.linkDestination} IN ('website', 'phone') AND ${t.linkTarget} IS NOT NULL)`,
    ),
    index('orders_payment_session_idx').on(t.paymentSessionId),
    index('orders_purchase_idx').on(t.purchaseId, t.createdAt),
    index('orders_day_idx').on(t.dayId),
    // "No day sold twice" as a database invariant: at most one live (held or paid) order per day.
    uniqueIndex('orders_one_live_order_per_day_idx')
      .on(t.dayId)
      .where(sql`${t.status} IN ('pending', 'paid') AND ${t.dayId} IS NOT NULL`),
    index('orders_payment_intent_idx').on(t.paymentIntentId),
    index('orders_map_icon_status_idx').on(t.mapIconId, t.status),
    index('orders_status_expires_idx').on(t.status, t.expiresAt),
    index('orders_created_at_idx').on(t.createdAt),
    index('orders_mailing_status_idx').on(t.mailingMonth, t.status),
    // Counts an (icon, mailing)'s claims (paid, or pending with an expiry ahead) from the index alone: icon
    // availability is derived from them on every public read.
    index('orders_map_icon_mailing_idx').on(t.mapIconId, t.mailingMonth, t.status, t.expiresAt),
    check('orders_amount_nonnegative', sql`${t.amountCents} >= 0`),
  ],
)

/**
 * What a buyer bought in one go: a checkout (its lines share a payment session) or a manual order. id is the
 * payment session (the provider's, or our reference until the provider answers) or, for a manual order, its
 * order id; reference is what people read ('P-100001'). business_name and email are as the buyer gave them;
 * advertiser_id is the advertiser of that e-mail (compared trimmed and case-insensitive).
 *
 * The summary columns (created from the lines, never by the application) are written by the
 * orders_purchase_summary trigger (migration 0013), at the end of every statement that changes a line, from the
 * committed lines: they sum the live (not deleted) lines, so the admin's lists count, sort and page purchases
 * from an index. state: pending | paid | partly_refunded | refunded | expired | deleted (no live line).
 */
/** Purchase references: P-100001, P-100002, … (a gap is harmless: a rolled-back checkout uses a number). */
export const purchaseReferenceSeq = pgSequence('purchase_reference_seq', { startWith: 100001 })

export const purchases = pgTable(
  'purchases',
  {
    id: text('id').primaryKey(),
    reference: text('reference').notNull().unique().default(sql`'P-' || nextval('purchase_reference_seq')`),
    advertiserId: uuid('advertiser_id')
      .notNull()
      .references(() => advertisers.id, { onDelete: 'restrict' }),
    businessName: text('business_name').notNull(),
    email: text('email').notNull(),
    /** checkout | manual */
    source: text('source').notNull().default('checkout'),
    paymentProvider: text('payment_provider'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // ---- summary of the lines (trigger-written)
    state: text('state').notNull().default('pending'),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    /** What the paid lines were charged: a refunded line is not in it. */
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    /** The earliest day bought (live lines); null for icons and special purchases. */
    adDate: date('ad_date', { mode: 'string' }),
    liveLines: integer('live_lines').notNull().default(0),
    /**
     * What the live lines hold, distinct, for the list's line filters: one filter alone matches a purchase
     * exactly when its value is here (several at once also need one line matching all; the service checks).
     */
    statuses: text('statuses').array().notNull().default(sql`'{}'`),
    types: text('types').array().notNull().default(sql`'{}'`),
    mailingMonths: text('mailing_months').array().notNull().default(sql`'{}'`),
    businessNames: text('business_names').array().notNull().default(sql`'{}'`),
    emails: text('emails').array().notNull().default(sql`'{}'`),
    /**
     * business_names and emails joined by newlines (joined_text(), migration 0018), kept by PostgreSQL: what
     * the list's "contains" filters match, each with a trigram index.
     */
    businessNamesText: text('business_names_text').generatedAlwaysAs(sql`joined_text(business_names)`),
    emailsText: text('emails_text').generatedAlwaysAs(sql`joined_text(emails)`),
  },
  (t) => [
    // The list's default order, carrying the arrays a status, type or mailing filter reads: such a page and
    // its count are index-only scans rather than reads of every purchase row.
    index('purchases_created_idx')
      .on(t.createdAt, t.id, t.statuses, t.types, t.mailingMonths)
      .where(sql`${t.liveLines} > 0`),
    // The list's "contains" filters on business name and e-mail (ILIKE '%…%'), by trigram (pg_trgm).
    index('purchases_business_names_trgm_idx')
      .using('gin', sql`${t.businessNamesText} gin_trgm_ops`)
      .where(sql`${t.liveLines} > 0`),
    index('purchases_emails_trgm_idx')
      .using('gin', sql`${t.emailsText} gin_trgm_ops`)
      .where(sql`${t.liveLines} > 0`),
    index('purchases_total_idx').on(t.totalCents, t.createdAt).where(sql`${t.liveLines} > 0`),
    index('purchases_ad_date_idx').on(t.adDate, t.createdAt).where(sql`${t.liveLines} > 0`),
    index('purchases_advertiser_idx').on(t.advertiserId, t.createdAt),
    check(
      'purchases_state',
      sql`${t.state} IN ('pending', 'paid', 'partly_refunded', 'refunded', 'expired', 'deleted')`,
    ),
  ],
)

/**
 * A business that buys (or asked about buying): one per e-mail address, compared trimmed and
 * case-insensitive (advertiser_emails holds every address of an advertiser; email here is the main one).
 * business_name, phone, website, marketing consent and notes are the owner's to edit. The columns after them
 * are derived from the advertiser's purchases by refresh_advertisers() (migration 0013), called by the
 * purchase summary trigger, so no writer has to remember them.
 */
export const advertisers = pgTable(
  'advertisers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** Null until a purchase or the owner names the business (an inquiry may give none). */
    businessName: text('business_name'),
    phone: text('phone'),
    website: text('website'),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    notes: text('notes').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // ---- derived from purchases (refresh_advertisers)
    /** Every business name the advertiser's purchases were made under, distinct. */
    businessNames: text('business_names').array().notNull().default(sql`'{}'`),
    purchaseCount: integer('purchase_count').notNull().default(0),
    /** Distinct mailings with a paid line, or a line the owner holds for them (a pending manual order). */
    mailingsBooked: integer('mailings_booked').notNull().default(0),
    firstMailing: text('first_mailing'),
    lastMailing: text('last_mailing'),
    lifetimePaidCents: bigint('lifetime_paid_cents', { mode: 'number' }).notNull().default(0),
    lastPurchaseAt: timestamp('last_purchase_at', { withTimezone: true }),
    /** lower(names and e-mail addresses), what the Advertisers search matches. */
    searchText: text('search_text').notNull().default(''),
  },
  (t) => [
    index('advertisers_last_mailing_idx').on(t.lastMailing, t.id),
    // The Advertisers list's default order (latest mailing first, none last): a walk of this index, where
    // the one above read backwards would put the advertisers without a mailing first.
    index('advertisers_last_mailing_desc_idx').on(t.lastMailing.desc().nullsLast(), t.id.desc().nullsFirst()),
    index('advertisers_lifetime_paid_idx').on(t.lifetimePaidCents, t.id),
  ],
)

/**
 * The receipt of a purchase's payment, issued by the database (issue_receipts(), migration 0014) in the
 * transaction in which a line of the purchase is first paid, whoever pays it (checkout, webhook, manual
 * order, marked paid by hand). number is sequential per year with no gaps ('R-2027-0001'): the year's
 * counter row is taken in that transaction, so a rolled-back payment uses no number. The document itself is
 * drawn on request from the purchase as it is then (refunds as negative lines). token is the unguessable
 * key of the receipt's link in the confirmation e-mail.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purchaseId: text('purchase_id')
      .notNull()
      .unique()
      .references(() => purchases.id, { onDelete: 'restrict', onUpdate: 'cascade' }),
    number: text('number').notNull().unique(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    /** 'Card' | 'TEST MODE (no card charged)' | 'Cash or cheque' | 'Free feature' */
    paymentMethod: text('payment_method').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    token: text('token').notNull().unique(),
  },
  (t) => [uniqueIndex('receipts_year_sequence_idx').on(t.year, t.sequence)],
)

/**
 * An invoice the owner sent for a purchase awaiting payment (a pending manual order): numbered per year
 * without gaps ('INV-2027-0001', the same way as receipts), with an unguessable token that is the key of
 * its PDF and of its pay link (/api/invoices/{token}/pay: the same hosted checkout as any purchase). A
 * purchase may be invoiced again (a reminder): each send is a new invoice of what is then due.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purchaseId: text('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'restrict', onUpdate: 'cascade' }),
    number: text('number').notNull().unique(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The town's date it is due by: the mailing's sales close. */
    dueDate: date('due_date', { mode: 'string' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    issuedBy: text('issued_by').notNull(),
    token: text('token').notNull().unique(),
  },
  (t) => [
    uniqueIndex('invoices_year_sequence_idx').on(t.year, t.sequence),
    index('invoices_purchase_idx').on(t.purchaseId),
  ],
)

/** The last invoice number of each year. */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
})

/** The last receipt number of each year. */
export const receiptCounters = pgTable('receipt_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
})

/** Every e-mail address of an advertiser, normalised (trimmed, lower case): the address's one advertiser. */
export const advertiserEmails = pgTable(
  'advertiser_emails',
  {
    email: text('email').primaryKey(),
    advertiserId: uuid('advertiser_id')
      .notNull()
      .references(() => advertisers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('advertiser_emails_advertiser_idx').on(t.advertiserId),
    check('advertiser_emails_normalised', sql`${t.email} = lower(btrim(${t.email}))`),
  ],
)

/**
 * Every status an order has had: one row when it is created and one per change, written by
 * database triggers (migration 0002) so checkout, webhooks, the sweeper and the admin screens are all
 * recorded. `by` is the transaction's `townflyer.actor` setting (an admin's e-mail; see
 * features/orders/order-actor.ts) or 'system'. Deleting an order deletes its history.
 */
export const orderHistory = pgTable(
  'order_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    by: text('by').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
  },
  (t) => [index('order_history_order_idx').on(t.orderId, t.id)],
)

/**
 * Every payment session a pay link (an invoice's, an offer's "Keep my spots") opened for lines already held
 * for a buyer (features/orders/pay-pending-lines.service.ts), one row per attempt of the purchase. The
 * row is written before the provider is asked (state 'opening', session_id null) and names the create call's
 * idempotency key (purchase_id and attempt) and its parameters, so every opener of the same attempt, in any
 * instance, and a retry after a crash, gets the one session back. A payment for a session that is no longer
 * its lines' own is matched to them through this row; its expiry ends the session, never the lines' hold.
 * state: opening | open | paid | expired (Stripe's session ended, or Cancel on the test checkout) | failed
 * (the provider refused it). order_ids and amount_cents are what the session charges. A cart checkout's
 * session is its purchase (purchases.id) and has no row here.
 */
export const paymentSessions = pgTable(
  'payment_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    purchaseId: text('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    attempt: integer('attempt').notNull(),
    provider: text('provider').notNull(),
    sessionId: text('session_id'),
    /** Our own reference sent with the create call (the local provider's session id). */
    reference: text('reference').notNull(),
    orderIds: jsonb('order_ids').$type<string[]>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** When the provider stops taking the payment; null for a session recorded before this table. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    state: text('state').notNull().default('opening'),
    createdAt: createdAt(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_sessions_attempt_idx').on(t.purchaseId, t.attempt),
    uniqueIndex('payment_sessions_session_idx').on(t.sessionId),
    check('payment_sessions_state', sql`${t.state} IN ('opening', 'open', 'paid', 'expired', 'failed')`),
  ],
)

/** Each provider event id is recorded once, so an event delivered twice is applied once. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  sessionId: text('session_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * E-mails waiting to be sent (src/server/lib/mailer). A row is written in the same transaction as the
 * change it reports, so it exists iff that change happened; dedupe_key makes a second write a no-op.
 * status: pending | sent | failed. next_attempt_at doubles as a lease while a worker sends the row.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post on announcements). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** The purchase the e-mail is about, for the admin's e-mail log, the order drawer and the advertiser. */
    purchaseId: text('purchase_id').references(() => purchases.id, {
      onDelete: 'set null',
      onUpdate: 'cascade',
    }),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** When a server without SMTP_URL logged the row (once), so it is not logged again. */
    noticedAt: timestamp('noticed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_purchase_idx').on(t.purchaseId),
    index('outbox_created_idx').on(t.createdAt),
    // The e-mails to an address, compared as advertiser addresses are (trimmed, lower case): the
    // Advertisers drawer lists every e-mail to any address of the advertiser.
    index('outbox_to_address_idx').on(sql`lower(btrim(${t.toAddress}))`),
  ],
)

// ---------------------------------------------------------------- admin operations

/** An administrator's internal note on a purchase (never shown to the buyer). */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purchaseId: text('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    body: text('body').notNull(),
    by: text('by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_notes_purchase_idx').on(t.purchaseId, t.createdAt)],
)

/**
 * Every refund, whoever owes it: kind 'admin' (an administrator refunds paid lines) or 'late_payment' (a
 * payment arrived for a hold that had lapsed and could not be honoured; its lines are the session's). One
 * worker carries out both. The record is committed before any money moves, so a crash afterwards leaves a
 * record, never an unrecorded refund; idempotency_key is sent to the provider with every attempt, so a
 * repeated attempt (a retry, a crash between the provider's answer and our mark) never refunds twice.
 *
 * status: requested (owed: not yet accepted, or accepted and waiting for the provider to confirm, when
 * provider_refund_id is set) | succeeded | failed (the provider refused; the administrator is told).
 * leased_until is the claim of the one worker calling the provider right now (another instance skips the
 * row until it passes, so a worker killed mid-call is replaced after the lease); next_attempt_at is the
 * back-off after a failed attempt. After a few failed attempts the administrator is e-mailed once
 * (alerted_at) and the retries go on. amount_cents is what the lines were charged (a late payment is
 * refunded in full, whatever it was).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purchaseId: text('purchase_id').references(() => purchases.id, {
      onDelete: 'restrict',
      onUpdate: 'cascade',
    }),
    kind: text('kind').notNull(),
    orderIds: jsonb('order_ids').$type<string[]>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    emailBuyer: boolean('email_buyer').notNull().default(true),
    provider: text('provider').notNull(),
    paymentRef: text('payment_ref'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    providerRefundId: text('provider_refund_id'),
    status: text('status').notNull().default('requested'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    lastError: text('last_error'),
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
    requestedBy: text('requested_by').notNull(),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('refunds_purchase_idx').on(t.purchaseId),
    index('refunds_provider_refund_idx').on(t.providerRefundId),
    index('refunds_payment_ref_idx').on(t.paymentRef),
    index('refunds_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'requested'`),
    check('refunds_status', sql`${t.status} IN ('requested', 'succeeded', 'failed')`),
    check('refunds_kind', sql`${t.kind} IN ('admin', 'late_payment')`),
    check(
      'refunds_amount',
      sql`${t.amountCents} > 0 OR (${t.kind} = 'late_payment' AND ${t.amountCents} = 0)`,
    ),
    check('refunds_admin_purchase', sql`${t.kind} <> 'admin' OR ${t.purchaseId} IS NOT NULL`),
  ],
)

// ---------------------------------------------------------------- returning advertisers first (offers)

/**
 * An offer to a returning advertiser (features/offers, decision 023): when a mailing's days are first set
 * up, each advertiser with paid lines in the previous mailing gets the same date (or the nearest free day of
 * the same week) and the same icon held for the mailing's priority window. The held lines are pending
 * order lines (source 'offer', expires_at = expires_at here) of the purchase purchase_id, made for the
 * offer; business_name and email are whom it was made for. state: offered | kept (its lines were paid; the
 * orders_offer_kept trigger writes it, whoever pays) | released (the advertiser gave them back) | lapsed
 * (the window ended: an offered one past expires_at reads as lapsed before the offers task writes it).
 * Writers lock an offer's lines before the offer row, as a payment does (lines, then the trigger's update).
 */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mailingMonth: text('mailing_month')
      .notNull()
      .references(() => mailings.month, { onDelete: 'restrict' }),
    purchaseId: text('purchase_id')
      .notNull()
      .unique()
      .references(() => purchases.id, { onDelete: 'restrict', onUpdate: 'cascade' }),
    businessName: text('business_name').notNull(),
    email: text('email').notNull(),
    state: text('state').notNull().default('offered'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When its e-mail was last queued, and how many times it was (the owner may send it again). */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentCount: integer('sent_count').notNull().default(0),
    /** When it left 'offered' (kept, released or lapsed). */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('offers_mailing_idx').on(t.mailingMonth, t.createdAt),
    index('offers_state_expires_idx').on(t.state, t.expiresAt),
    check('offers_state', sql`${t.state} IN ('offered', 'kept', 'released', 'lapsed')`),
  ],
)

/** The held lines of an offer, each with the line of the previous mailing it renews. */
export const offerLines = pgTable(
  'offer_lines',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    previousOrderId: text('previous_order_id'),
    /** The day the previous line bought; null for an icon. */
    previousDate: date('previous_date', { mode: 'string' }),
  },
  (t) => [index('offer_lines_offer_idx').on(t.offerId)],
)

/**
 * The links of an offer's e-mails (/offers/{token}): each e-mail sent carries a new token, and every one
 * stays valid. Only the SHA-256 of the token is kept (hex): the database never holds a working link.
 */
export const offerLinks = pgTable(
  'offer_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('offer_links_offer_idx').on(t.offerId)],
)

// ---------------------------------------------------------------- artwork and production

/**
 * The private link to a purchase's artwork page (/artwork/{token}). The token is random (24 bytes, base64url) and is
 * the only credential the page asks for, so it is unguessable and never derived from the order.
 */
export const artworkLinks = pgTable('artwork_links', {
  token: text('token').primaryKey(),
  purchaseId: text('purchase_id')
    .notNull()
    .unique()
    .references(() => purchases.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
  createdAt: createdAt(),
})

/**
 * The artwork of one order line (a day or an icon). No row = missing. One uploaded file may serve several
 * lines (the buyer's "one file for all"): each row names the same file_key, and a stored file is removed
 * only when no row names it any more. `inspection` is what the file is (image pixels or PDF page size,
 * features/artwork/artwork-file.ts); the print check is worked out from it and the current print sizes on
 * every read. state: received | approved | changes_requested. reviewed_at, reviewed_by and owner_note are the
 * line's last review, kept through a new upload: a received file with a review is one to review again.
 */
export const orderArtwork = pgTable(
  'order_artwork',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    inspection: jsonb('inspection').$type<Record<string, unknown>>().notNull(),
    state: text('state').notNull().default('received'),
    ownerNote: text('owner_note'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('order_artwork_file_idx').on(t.fileKey),
    check('order_artwork_state', sql`${t.state} IN ('received', 'approved', 'changes_requested')`),
  ],
)

/**
 * A mailing's map side (the map composer): the image its icons are placed on, by storage key (null: the
 * newest map_example media item), its pixel size, and whether the card prints the numbered legend.
 */
export const mailingMaps = pgTable(
  'mailing_maps',
  {
    month: text('month')
      .primaryKey()
      .references(() => mailings.month, { onDelete: 'cascade' }),
    imageKey: text('image_key'),
    imageContentType: text('image_content_type'),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    legend: boolean('legend').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'mailing_maps_image_whole',
      sql`(${t.imageKey} IS NULL AND ${t.imageContentType} IS NULL AND ${t.imageWidth} IS NULL AND ${t.imageHeight} IS NULL) OR (${t.imageKey} IS NOT NULL AND ${t.imageContentType} IN ('image/png', 'image/jpeg') AND ${t.imageWidth} > 0 AND ${t.imageHeight} > 0)`,
    ),
  ],
)

/**
 * Where a sold map icon sits on its mailing's card: the marker's centre as fractions (0–1) of the card's trim
 * box from its top-left corner. Read only together with the line's own mailing month, so a position never
 * follows a line into another mailing; a line without one is parked in the free column (map-positions.ts).
 */
export const mailingIconPositions = pgTable(
  'mailing_icon_positions',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    mailingMonth: text('mailing_month').notNull(),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('mailing_icon_positions_month_idx').on(t.mailingMonth),
    check('mailing_icon_positions_inside', sql`${t.x} BETWEEN 0 AND 1 AND ${t.y} BETWEEN 0 AND 1`),
  ],
)

/**
 * The advertiser's decision on a line's ad as printed (features/artwork/ad-approval.service.ts): every
 * decision is a row, the latest counts. decision: approved | changes_requested (with the advertiser's note).
 * artwork_key is the file the preview showed (null: none, the card prints the name only); a decision
 * stands only while the line prints that same file, so new artwork makes the line wait for a decision again.
 */
export const adApprovals = pgTable(
  'ad_approvals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    decision: text('decision').notNull(),
    note: text('note'),
    artworkKey: text('artwork_key'),
    /** The signed-in address that decided. */
    decidedBy: text('decided_by').notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    index('ad_approvals_order_idx').on(t.orderId, t.id),
    check('ad_approvals_decision', sql`${t.decision} IN ('approved', 'changes_requested')`),
    check(
      'ad_approvals_note',
      sql`(${t.decision} = 'approved' AND ${t.note} IS NULL) OR (${t.decision} = 'changes_requested' AND length(${t.note}) BETWEEN 1 AND 1000)`,
    ),
  ],
)

// ---------------------------------------------------------------- content and settings

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    author: text('author').notNull(),
    isPublished: boolean('is_published').notNull().default(false),
    /**
     * The town's date the post is dated: the administrator's choice, else the town's date when it is first
     * published. Null only for a draft that was never published and has no chosen date.
     */
    publicationDate: date('publication_date', { mode: 'string' }),
    /** The cover image, an uploaded media item; deleting the item leaves the post without a cover. */
    coverMediaId: text('cover_media_id').references(() => mediaItems.id, { onDelete: 'set null' }),
    /** The cover's alt text; null: the post's title. */
    coverAlt: text('cover_alt'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('blog_posts_published_date_idx').on(t.isPublished, t.publicationDate)],
)

export const calendarSettings = pgTable(
  'calendar_settings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    defaultMonth: integer('default_month').notNull(),
    defaultYear: integer('default_year').notNull(),
    lastUpdated: timestamp('last_updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('calendar_settings_month_range', sql`${t.defaultMonth} BETWEEN 1 AND 12`)],
)

/** Key/value settings: the site font, the auth secret when none is configured, the first-run seed marker. */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: updatedAt(),
})

export const emailInquiries = pgTable(
  'email_inquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /**
     * The advertiser of the address. NOT NULL in the database (migration 0013), where the
     * email_inquiries_advertiser trigger sets it from the e-mail when an insert does not: so it is optional
     * to writers here.
     */
    advertiserId: uuid('advertiser_id').references(() => advertisers.id, { onDelete: 'restrict' }),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull(),
    /** What the visitor wrote in the contact form's optional Message field; null without one. */
    message: text('message'),
    /** The admin's inbox: when and by whom an entry was marked handled. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: text('handled_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_inquiries_created_idx').on(t.createdAt),
    index('email_inquiries_advertiser_idx').on(t.advertiserId),
  ],
)

/** id is the storage path: {type}/{timestamp}-{name}. type: calendar_example | map_example | postcard_front | postcard_back */
export const mediaItems = pgTable(
  'media_items',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_items_type_idx').on(t.type, t.uploadedAt)],
)

// ---------------------------------------------------------------- read caches

/**
 * One row (id 1) that every committed change of the public catalogue (calendar_days, map_icons, blog_posts)
 * rewrites once, through deferred triggers (migration 0003; see http/cache.ts and docs/benchmarks.md):
 * `token` becomes a new random value (it names one state of the catalogue, and is never reused even if the
 * row is reset by a restore), `version` counts the changes (for people and tests).
 */
export const catalogueVersion = pgTable(
  'catalogue_version',
  {
    id: integer('id').primaryKey(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    token: text('token').notNull(),
  },
  (t) => [check('catalogue_version_single_row', sql`${t.id} = 1`)],
)

/**
 * One row (id 1) whose token every committed change of purchases or order lines replaces once, through
 * deferred triggers (migration 0018): the admin Orders list keeps the number of purchases matching a filter
 * under the token it was counted at, and counts again once the token has changed.
 */
export const purchaseListVersion = pgTable(
  'purchase_list_version',
  {
    id: integer('id').primaryKey(),
    token: text('token').notNull(),
  },
  (t) => [check('purchase_list_version_single_row', sql`${t.id} = 1`)],
)

/**
 * Scans of a line's short link per day (the town's date): every counted scan, and the people among them
 * (distinct devices that day). Bots, link previews and prefetches are not counted; a scan of a line that is
 * not live (refunded, expired, deleted) is not counted either.
 */
export const linkScanDays = pgTable(
  'link_scan_days',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    scans: integer('scans').notNull().default(0),
    people: integer('people').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.day] }),
    check('link_scan_days_counts', sql`${t.scans} >= 0 AND ${t.people} >= 0 AND ${t.people} <= ${t.scans}`),
  ],
)

/**
 * Who scanned a line on a day, only so a device counts once a day: `visitor` is a hash of the device's
 * address and browser under that day's salt (link_scan_salts), never the address or the browser itself.
 * Rows of days before yesterday are deleted, with their salt, so no device can be followed across days.
 */
export const linkScanVisitors = pgTable(
  'link_scan_visitors',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    visitor: text('visitor').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.day, t.visitor] }),
    index('link_scan_visitors_day_idx').on(t.day),
  ],
)

/** The random salt of one day's visitor hashes, shared by every instance; deleted once the day is over. */
export const linkScanSalts = pgTable('link_scan_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
})

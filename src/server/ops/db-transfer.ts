import fs from 'node:fs'
import readline from 'node:readline'
import { getTableName, is, sql } from 'drizzle-orm'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
import * as schema from '../db/schema.ts'

/**
 * Moving a whole database between engines (PGlite folder ⇄ PostgreSQL): `npm run db:export` writes every
 * table of the Drizzle schema to a newline-delimited JSON file, `npm run db:import` loads it into a
 * migrated, empty database. Rows travel as the database's own JSON (row_to_json → json_populate_recordset),
 * so timestamps keep their microseconds and jsonb columns their shape, on either engine.
 *
 * File: line 1 is the header, then one line per row: {"table":"orders","row":{…}} in FK-safe order.
 */
const EXPORT_FORMAT = 'townflyer-export'
const EXPORT_VERSION = 1
const BATCH_ROWS = 500
/** Tables a migration itself may fill (bookkeeping rows): their rows do not make a target "not empty". */
const MIGRATION_FILLED_TABLES = new Set(['catalogue_version'])
/**
 * Tables that are not carried: purchase_list_version's token only names a state of this database (the admin
 * list's kept counts); an import keeps the target's row, and the import's own writes give it a new token.
 */
const NOT_CARRIED = new Set(['purchase_list_version'])

export type ExportHeader = {
  format: typeof EXPORT_FORMAT
  version: number
  exportedAt: string
  engine: string
  /** created_at of the newest applied migration (drizzle's journal "when"): both sides must match. */
  migration: number | null
  tables: Record<string, number>
}

export class TransferError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'TransferError'
  }
}

/** Every table of the schema, each after the tables its foreign keys point to. */
function tablesInDependencyOrder(): PgTable[] {
  const tables = (Object.values(schema) as unknown[]).filter(
    (v): v is PgTable => is(v, PgTable) && !NOT_CARRIED.has(getTableName(v)),
  )
  const byName = new Map<string, PgTable>(tables.map((t) => [getTableName(t), t]))
  const ordered: PgTable[] = []
  const visiting = new Set<string>()
  const visit = (table: PgTable) => {
    const name = getTableName(table)
    if (ordered.includes(table) || visiting.has(name)) return
    visiting.add(name)
    for (const fk of getTableConfig(table).foreignKeys) {
      const target = byName.get(getTableName(fk.reference().foreignTable))
      if (target && target !== table) visit(target)
    }
    ordered.push(table)
  }
  for (const table of [...tables].sort((a, b) => getTableName(a).localeCompare(getTableName(b)))) visit(table)
  return ordered
}

/** The columns an insert may write: all but the generated ones. */
function writableColumns(table: PgTable): string[] {
  return getTableConfig(table)
    .columns.filter((c) => !c.generated)
    .map((c) => c.name)
}

async function latestMigration(db: Db): Promise<number | null> {
  try {
    const [row] = rowsOf<{ at: string | number | null }>(
      await db.execute(sql`select max(created_at)::text as at from drizzle.__drizzle_migrations`),
    )
    return row?.at == null ? null : Number(row.at)
  } catch {
    return null
  }
}

async function countRows(db: Db, table: PgTable): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from ${sql.identifier(getTableName(table))}`),
  )
  return Number(row?.n ?? 0)
}

/** Writes the whole database to `file` inside one read-only snapshot; answers the header written. */
export async function exportDatabase(db: Db, engine: string, file: string): Promise<ExportHeader> {
  const tables = tablesInDependencyOrder()
  const out = fs.createWriteStream(file, { encoding: 'utf8' })
  const write = (line: string) =>
    new Promise<void>((resolve, reject) => {
      out.write(`${line}\n`, (error) => (error ? reject(error) : resolve()))
    })
  try {
    return await db.transaction(async (tx) => {
      // One snapshot: a PostgreSQL database in use is exported as it was at one instant.
      if (engine === 'postgres')
        await tx.execute(sql`set transaction isolation level repeatable read, read only`)
      const header: ExportHeader = {
        format: EXPORT_FORMAT,
        version: EXPORT_VERSION,
        exportedAt: new Date().toISOString(),
        engine,
        migration: await latestMigration(tx),
        tables: {},
      }
      for (const table of tables) header.tables[getTableName(table)] = await countRows(tx, table)
      await write(JSON.stringify(header))
      for (const table of tables) {
        const name = getTableName(table)
        const primary = getTableConfig(table).columns.find((c) => c.primary)?.name ?? 'ctid'
        for (let offset = 0; ; offset += BATCH_ROWS) {
          const rows = rowsOf<{ row: unknown }>(
            await tx.execute(
              sql`select row_to_json(t) as row from ${sql.identifier(name)} t order by ${sql.identifier(primary)} limit ${BATCH_ROWS} offset ${offset}`,
            ),
          )
          for (const { row } of rows)
            await write(JSON.stringify({ table: name, row: typeof row === 'string' ? JSON.parse(row) : row }))
          if (rows.length < BATCH_ROWS) break
        }
      }
      return header
    })
  } finally {
    await new Promise<void>((resolve) => out.end(resolve))
  }
}

export type ImportResult = { header: ExportHeader; tables: Record<string, number> }

function parseExportHeader(line: string, file: string): ExportHeader {
  let header: ExportHeader
  try {
    header = JSON.parse(line) as ExportHeader
  } catch {
    throw new TransferError(`${file} is not a Townflyer export (its first line is not JSON).`)
  }
  if (header?.format !== EXPORT_FORMAT || header.version !== EXPORT_VERSION)
    throw new TransferError(`${file} is not a Townflyer export of version ${EXPORT_VERSION}.`)
  return header
}

/** The header line of an export file. */
export async function readExportHeader(file: string): Promise<ExportHeader> {
  const lines = readline.createInterface({ input: fs.createReadStream(file, { encoding: 'utf8' }) })
  try {
    const first = await lines[Symbol.asyncIterator]().next()
    return parseExportHeader(first.done ? '' : first.value, file)
  } finally {
    lines.close()
  }
}

async function requireSameMigration(db: Db, header: ExportHeader): Promise<void> {
  const target = await latestMigration(db)
  if (header.migration !== target)
    throw new TransferError(
      `The export was made at migration ${header.migration ?? 'none'} but the target database is at ${target ?? 'none'}. ` +
        'Start the server once on the older side (it migrates at start), export again, then import.',
    )
}

async function requireEmpty(db: Db): Promise<void> {
  const filled: string[] = []
  for (const table of tablesInDependencyOrder()) {
    const name = getTableName(table)
    if (!MIGRATION_FILLED_TABLES.has(name) && (await countRows(db, table)) > 0) filled.push(name)
  }
  if (filled.length > 0)
    throw new TransferError(
      `The target database is not empty (rows in ${filled.join(', ')}). Import into a new database, ` +
        'or pass --replace to delete everything in it first.',
    )
}

/**
 * What importDatabase refuses, checked without changing anything: an export of another migration, and
 * (unless `replace`) a target that holds rows. For a caller with more to do before the import.
 */
export async function checkImportTarget(
  db: Db,
  header: ExportHeader,
  options: { replace?: boolean } = {},
): Promise<void> {
  await requireSameMigration(db, header)
  if (!options.replace) await requireEmpty(db)
}

/**
 * Loads an export into `db`, which must already be migrated to the export's migration. All or nothing
 * (one transaction). Refuses a database that holds any row unless `replace` (then every table is emptied
 * first). Serial sequences are moved past the imported ids.
 */
export async function importDatabase(
  db: Db,
  file: string,
  options: { replace?: boolean } = {},
): Promise<ImportResult> {
  const lines = readline.createInterface({ input: fs.createReadStream(file, { encoding: 'utf8' }) })
  const iterator = lines[Symbol.asyncIterator]()
  const first = await iterator.next()
  let header: ExportHeader
  try {
    header = parseExportHeader(first.done ? '' : first.value, file)
    await requireSameMigration(db, header)
  } catch (error) {
    lines.close()
    throw error
  }
  const tables = tablesInDependencyOrder()
  const known = new Set(tables.map((t) => getTableName(t)))
  const byName = new Map<string, PgTable>(tables.map((t) => [getTableName(t), t]))

  try {
    return await db.transaction(async (tx) => {
      if (!options.replace) await requireEmpty(tx)
      // The export carries what triggers wrote (order history, the catalogue version, …): they must not
      // write it again, nor react to the emptying below. Transactional, so the triggers are back on at
      // commit or rollback. Needs the tables' owner, the role the server migrates with.
      for (const table of tables)
        await tx.execute(sql`alter table ${sql.identifier(getTableName(table))} disable trigger user`)
      const list = sql.join(
        tables.map((t) => sql.identifier(getTableName(t))),
        sql`, `,
      )
      await tx.execute(sql`truncate ${list} restart identity cascade`)

      const imported: Record<string, number> = {}
      let batchTable: string | undefined
      let batch: unknown[] = []
      const flush = async () => {
        if (!batchTable || batch.length === 0) return
        const table = sql.identifier(batchTable)
        // Generated columns (orders.purchase_id) are the database's to write: every other column is named.
        const columns = sql.join(
          writableColumns(byName.get(batchTable) as PgTable).map((c) => sql.identifier(c)),
          sql`, `,
        )
        await tx.execute(
          sql`insert into ${table} (${columns}) select ${columns} from json_populate_recordset(null::${table}, ${JSON.stringify(batch)}::json)`,
        )
        imported[batchTable] = (imported[batchTable] ?? 0) + batch.length
        batch = []
      }
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        if (next.value.trim() === '') continue
        const { table, row } = JSON.parse(next.value) as { table: string; row: unknown }
        if (!known.has(table)) throw new TransferError(`The export holds an unknown table "${table}".`)
        if (table !== batchTable || batch.length >= BATCH_ROWS) {
          await flush()
          batchTable = table
        }
        batch.push(row)
      }
      await flush()

      for (const [name, expected] of Object.entries(header.tables)) {
        if ((imported[name] ?? 0) !== expected)
          throw new TransferError(
            `The export is incomplete: ${name} should have ${expected} rows but ${imported[name] ?? 0} were read.`,
          )
      }
      // Deferred keys (a line's purchase) are checked now that every row is in: a table with pending
      // trigger events cannot be altered.
      await tx.execute(sql`set constraints all immediate`)
      for (const table of tables)
        await tx.execute(sql`alter table ${sql.identifier(getTableName(table))} enable trigger user`)
      await resetSequences(tx, tables)
      await resetPurchaseReferences(tx)
      // The purchases' summaries and the advertisers' figures are derived from the lines: recomputed from
      // the imported ones, so they hold whatever the export carried.
      await tx.execute(sql`select refresh_purchases(array(select id from purchases order by id))`)
      return { header, tables: imported }
    })
  } finally {
    lines.close()
  }
}

/** Each serial column's sequence continues after the largest imported id. */
async function resetSequences(tx: Db, tables: PgTable[]) {
  for (const table of tables) {
    const name = getTableName(table)
    for (const column of getTableConfig(table).columns) {
      if (
        column.columnType !== 'PgBigSerial53' &&
        column.columnType !== 'PgBigSerial64' &&
        column.columnType !== 'PgSerial'
      )
        continue
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${`"${name}"`}, ${column.name}), coalesce((select max(${sql.identifier(column.name)}) from ${sql.identifier(name)}), 0) + 1, false)`,
      )
    }
  }
}

/** Purchase references ('P-100001') continue after the largest imported one. */
async function resetPurchaseReferences(tx: Db) {
  await tx.execute(
    sql`select setval('purchase_reference_seq', greatest(100001, coalesce((select max(substring(reference from 3)::bigint) from purchases where reference ~ '^P-[0-9]+$'), 0) + 1), false)`,
  )
}

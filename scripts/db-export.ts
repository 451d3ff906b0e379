// npm run db:export -- --out townflyer.ndjson [--data-dir ./data | --database-url postgres://…]
// Writes every table to one file (see src/server/ops/db-transfer.ts); docs/operations.md has the steps.
import { exportDatabase } from '#server/ops/db-transfer.ts'
import { openTransferDatabase, parseTransferArgs, runTransferCommand } from '#server/ops/transfer-cli.ts'

await runTransferCommand(async () => {
  const args = parseTransferArgs(process.argv.slice(2), '--out')
  const { database, label } = await openTransferDatabase(args, { mustExist: true })
  try {
    const header = await exportDatabase(database.db, database.engine, args.file as string)
    const total = Object.values(header.tables).reduce((a, b) => a + b, 0)
    console.log(`Exported ${total} rows from ${label} to ${args.file}:`)
    for (const [table, rows] of Object.entries(header.tables)) console.log(`  ${table.padEnd(18)} ${rows}`)
  } finally {
    await database.close()
  }
})

// npm run db:import -- --in townflyer.ndjson [--database-url postgres://… | --data-dir ./data] [--replace]
// Migrates the target, then loads the export in one transaction; refuses a non-empty target unless --replace.
import { importDatabase } from '#server/ops/db-transfer.ts'
import { openTransferDatabase, parseTransferArgs, runTransferCommand } from '#server/ops/transfer-cli.ts'

await runTransferCommand(async () => {
  const args = parseTransferArgs(process.argv.slice(2), '--in')
  const { database, label } = await openTransferDatabase(args, { mustExist: false })
  try {
    await database.migrate()
    const { tables } = await importDatabase(database.db, args.file as string, { replace: args.replace })
    const total = Object.values(tables).reduce((a, b) => a + b, 0)
    console.log(`Imported ${total} rows from ${args.file} into ${label}:`)
    for (const [table, rows] of Object.entries(tables)) console.log(`  ${table.padEnd(18)} ${rows}`)
  } finally {
    await database.close()
  }
})

// npm run restore -- --in townflyer-2026-01-01.tar.gz [--data-dir ./new-data | --database-url postgres://…] [--replace]
// Checks the whole archive, then writes its files to storage (data folder or S3 bucket) and loads its
// database in one transaction (src/server/ops/backup.ts). Refuses a database that holds data, and stored
// files that differ from the backup's, unless --replace.
import { restoreBackup } from '#server/ops/backup.ts'
import {
  openTransferDatabase,
  openTransferStorage,
  parseTransferArgs,
  runTransferCommand,
} from '#server/ops/transfer-cli.ts'

await runTransferCommand(async () => {
  const args = parseTransferArgs(process.argv.slice(2), '--in')
  const { storage, label: storageLabel } = await openTransferStorage(args)
  const { database, label } = await openTransferDatabase(args, { mustExist: false })
  try {
    const result = await restoreBackup({
      file: args.file as string,
      database,
      storage,
      replace: args.replace,
    })
    const rows = Object.values(result.tables).reduce((a, b) => a + b, 0)
    console.log(`Restored ${args.file} (made ${result.manifest.createdAt}):`)
    console.log(`  database       ${rows} rows into ${label}`)
    console.log(
      `  stored files   ${result.filesWritten} written to ${storageLabel}` +
        (result.filesAlreadyThere > 0 ? `, ${result.filesAlreadyThere} already there` : ''),
    )
  } finally {
    await database.close()
  }
})

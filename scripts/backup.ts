// npm run backup -- --out townflyer-2026-01-01.tar.gz [--data-dir ./data | --database-url postgres://…]
// The database and every stored file (data folder or S3 bucket) in one archive (src/server/ops/backup.ts);
// `npm run restore` puts it back. docs/operations.md has the steps.
import { createBackup } from '#server/ops/backup.ts'
import {
  openTransferDatabase,
  openTransferStorage,
  parseTransferArgs,
  runTransferCommand,
} from '#server/ops/transfer-cli.ts'

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

await runTransferCommand(async () => {
  const args = parseTransferArgs(process.argv.slice(2), '--out')
  const { storage, label: storageLabel } = await openTransferStorage(args)
  const { database, label } = await openTransferDatabase(args, { mustExist: true })
  try {
    const manifest = await createBackup({ file: args.file as string, database, storage })
    const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0)
    const bytes = manifest.files.reduce((sum, f) => sum + f.size, 0)
    console.log(`Backed up ${label} and ${storageLabel} to ${args.file}:`)
    console.log(`  database       ${rows} rows in ${Object.keys(manifest.tables).length} tables`)
    console.log(`  stored files   ${manifest.files.length} (${megabytes(bytes)})`)
    if (manifest.missingFiles.length > 0) {
      console.warn(
        `\nThe database names ${manifest.missingFiles.length} file(s) that storage did not hold, so the ` +
          'backup lacks them too:',
      )
      for (const key of manifest.missingFiles) console.warn(`  ${key}`)
    }
  } finally {
    await database.close()
  }
})

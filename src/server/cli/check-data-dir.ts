// `npm start` runs this before building, so a second start on a folder in use stops before it
// rebuilds the files the running server is serving.
import { DataDirLockedError, findDataDirHolder } from '../db/data-dir-lock.ts'
import { EnvError, loadConfig } from '../env.ts'

try {
  const config = loadConfig()
  const holder = config.databaseUrl ? undefined : findDataDirHolder(config.dataDir)
  if (holder !== undefined) throw new DataDirLockedError(config.dataDir, holder)
} catch (error) {
  if (!(error instanceof EnvError || error instanceof DataDirLockedError)) throw error
  console.error(`\nTownflyer cannot start.\n${error.message}\n`)
  process.exit(1)
}

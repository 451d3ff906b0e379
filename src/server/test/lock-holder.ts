// Test helper: a separate process that holds a data folder's lock until it is killed.
import { lockDataDir } from '../db/data-dir-lock.ts'

lockDataDir(process.argv[2] as string)
process.stdout.write('locked\n')
setInterval(() => {}, 60_000)

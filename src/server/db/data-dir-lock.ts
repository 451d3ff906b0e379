import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * PGlite opens its folder without any lock, and two processes writing one folder corrupt it.
 * We hold `<dataDir>/.lock` (created with O_EXCL, holding our pid) for as long as the folder is open.
 * A lock left by a process that no longer exists on this host is taken over.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by another Townflyer process (pid ${pid}). ` +
        'Stop that process first, or point DATA_DIR at another folder.',
    )
    this.name = 'DataDirLockedError'
  }
}

type DataDirLock = { path: string; release: () => void }

type LockContent = { pid: number; host: string }

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function readLock(lockPath: string): LockContent | undefined {
  try {
    const parsed = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as Partial<LockContent>
    if (typeof parsed.pid === 'number') return { pid: parsed.pid, host: String(parsed.host ?? '') }
  } catch {
    // unreadable or half-written: treated as stale below
  }
  return undefined
}

/** Returns the pid holding the folder, or undefined when it is free (or its holder is gone). */
export function findDataDirHolder(dataDir: string): number | undefined {
  const holder = readLock(path.join(dataDir, '.lock'))
  if (!holder) return undefined
  if (holder.host !== os.hostname()) return holder.pid
  return isAlive(holder.pid) ? holder.pid : undefined
}

export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true })
  const lockPath = path.join(dataDir, '.lock')
  const content = JSON.stringify({ pid: process.pid, host: os.hostname() } satisfies LockContent)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, content, { flag: 'wx' })
      let released = false
      const release = () => {
        if (released) return
        released = true
        process.off('exit', release)
        if (readLock(lockPath)?.pid === process.pid) fs.rmSync(lockPath, { force: true })
      }
      process.on('exit', release)
      return { path: lockPath, release }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = findDataDirHolder(dataDir)
      if (holder !== undefined) throw new DataDirLockedError(dataDir, holder)
      fs.rmSync(lockPath, { force: true })
    }
  }
  throw new DataDirLockedError(dataDir, readLock(lockPath)?.pid ?? -1)
}

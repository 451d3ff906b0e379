import fs from 'node:fs'
import path from 'node:path'

/**
 * The processes, other than this one, that have a file open inside `folder` or were started with a path
 * inside it on their command line. Read from Linux's /proc; where there is no /proc the answer is empty
 * (nothing is known), so a caller must hold its own lock as well and use this only as a second check.
 * Processes of other users whose /proc entries cannot be read are not seen.
 */
export function processesUsing(folder: string): number[] {
  if (process.platform !== 'linux') return []
  const root = path.resolve(folder)
  const inside = (value: string) => value === root || value.startsWith(`${root}${path.sep}`)
  let entries: string[]
  try {
    entries = fs.readdirSync('/proc')
  } catch {
    return []
  }
  const users: number[] = []
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue
    const pid = Number(entry)
    if (pid === process.pid) continue
    try {
      const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
      if (args.some(inside)) {
        users.push(pid)
        continue
      }
      for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
        if (inside(readLink(`/proc/${pid}/fd/${fd}`))) {
          users.push(pid)
          break
        }
      }
    } catch {
      // gone meanwhile, or another user's: not seen
    }
  }
  return users
}

function readLink(file: string): string {
  try {
    return fs.readlinkSync(file)
  } catch {
    return ''
  }
}

/** Polls until no process uses `folder` or `timeoutMs` passes; answers the processes still using it. */
export async function waitUntilUnused(folder: string, timeoutMs: number): Promise<number[]> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const users = processesUsing(folder)
    if (users.length === 0 || Date.now() >= deadline) return users
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

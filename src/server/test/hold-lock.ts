import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'

/** Starts another process that takes a data folder's lock; resolves once it holds it. Kill it when done. */
export function holdLockInChild(dir: string): Promise<ChildProcess> {
  const script = path.join(import.meta.dirname, 'lock-holder.ts')
  const child = spawn(process.execPath, ['--import', 'tsx', script, dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve(child))
    child.on('exit', (code) => reject(new Error(`lock holder exited with ${code}`)))
  })
}

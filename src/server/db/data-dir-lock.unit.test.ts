import { type ChildProcess, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { holdLockInChild as hold } from '../test/hold-lock.ts'
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts'

const children: ChildProcess[] = []
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
})

function holdLockInChild(dir: string): Promise<ChildProcess> {
  return hold(dir).then((child) => {
    children.push(child)
    return child
  })
}

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-lock-'))

describe('data folder lock', () => {
  it('creates missing parent folders and releases the lock', () => {
    const dir = path.join(tempDir(), 'nested', 'data')
    const lock = lockDataDir(dir)
    expect(fs.existsSync(lock.path)).toBe(true)
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError)
    lock.release()
    expect(fs.existsSync(lock.path)).toBe(false)
    lockDataDir(dir).release()
  })

  it('refuses a folder another live process holds, naming its pid', async () => {
    const dir = tempDir()
    const child = await holdLockInChild(dir)
    try {
      lockDataDir(dir)
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(DataDirLockedError)
      expect((error as Error).message).toContain(`pid ${child.pid}`)
      expect((error as Error).message).toContain('DATA_DIR')
    }
  })

  it('takes over a lock left by a process that died', async () => {
    const dir = tempDir()
    const child = await holdLockInChild(dir)
    const exited = new Promise((resolve) => child.on('exit', resolve))
    child.kill('SIGKILL')
    await exited
    const lock = lockDataDir(dir)
    expect(JSON.parse(fs.readFileSync(lock.path, 'utf8')).pid).toBe(process.pid)
    lock.release()
  })
})

describe('a second npm start on a folder in use', () => {
  it('stops before building, with the reason and the holder pid', async () => {
    const dir = tempDir()
    const child = await holdLockInChild(dir)
    const script = path.join(import.meta.dirname, '../cli/check-data-dir.ts')
    const result = spawnSync(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
      encoding: 'utf8',
    })
    expect(result.status).toBe(1)
    expect(result.stderr).toContain(`in use by another Townflyer process (pid ${child.pid})`)
  })
})

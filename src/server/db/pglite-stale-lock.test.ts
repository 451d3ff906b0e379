// @engines pglite
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createPgliteTestFolder, testEngine } from '../test/test-database.ts'
import { appRoot, openPglite, PgliteFolderError } from './client.ts'

/**
 * PostgreSQL's lock file in the PGlite folder (postmaster.pid). A start killed while writing it leaves it
 * empty or half-written, which PGlite refuses for good; with no process using the folder it is stale and
 * is removed. A process that has the folder open refuses the start with what to do. Process-level (it
 * reads /proc), so it runs once (in the PGlite project) and on Linux.
 */
describe.skipIf(testEngine !== 'pglite' || process.platform !== 'linux')(
  'a PGlite folder with a lock file left behind',
  () => {
    const children: ChildProcess[] = []
    let dataDir: string | undefined
    afterEach(() => {
      for (const child of children.splice(0)) child.kill('SIGKILL')
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
      dataDir = undefined
    })

    async function usedFolder(): Promise<string> {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-stale-lock-'))
      await createPgliteTestFolder(dataDir)
      return dataDir
    }

    async function opensAndAnswers(dir: string) {
      const database = await openPglite(dir)
      try {
        await database.ping()
      } finally {
        await database.close()
      }
      expect(fs.existsSync(path.join(dir, 'pglite', 'postmaster.pid'))).toBe(false)
      expect(fs.existsSync(path.join(dir, '.lock'))).toBe(false)
    }

    it.each([
      ['empty', ''],
      ['half-written', '-4'],
      ['unreadable', 'garbage\n'],
    ])('opens when the file is %s and no process uses the folder', async (_, content) => {
      const dir = await usedFolder()
      fs.writeFileSync(path.join(dir, 'pglite', 'postmaster.pid'), content)
      await opensAndAnswers(dir)
    })

    it('refuses a folder another process has open, saying what to do, and leaves its lock file', async () => {
      const dir = await usedFolder()
      // A PGlite tool started on the folder by hand: it never takes the data folder's lock.
      const tool = spawn(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          [
            "const { PGlite } = await import('@electric-sql/pglite')",
            'await PGlite.create(process.argv[1])',
            "process.stdout.write('open\\n')",
            'setInterval(() => {}, 60_000)',
          ].join('\n'),
          path.join(dir, 'pglite'),
        ],
        { cwd: appRoot, stdio: ['ignore', 'pipe', 'inherit'] },
      )
      children.push(tool)
      await new Promise<void>((resolve, reject) => {
        tool.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('open') && resolve())
        tool.on('exit', (code) => reject(new Error(`the PGlite tool exited with ${code}`)))
      })
      const lockFile = path.join(dir, 'pglite', 'postmaster.pid')
      const before = fs.readFileSync(lockFile, 'utf8')

      const refused = await openPglite(dir).catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(PgliteFolderError)
      const message = (refused as Error).message
      expect(message).toContain(`pid ${tool.pid}`)
      expect(message).toContain('Stop that process, then start again.')
      expect(fs.readFileSync(lockFile, 'utf8')).toBe(before)
      // The data folder's lock was given back: once the tool is gone, the folder opens.
      expect(fs.existsSync(path.join(dir, '.lock'))).toBe(false)
      tool.kill('SIGKILL')
      await new Promise((resolve) => tool.once('exit', resolve))
      await opensAndAnswers(dir)
    }, 60_000)

    it('waits for a stopped start’s initdb child to end before removing its temporary folder', async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-stale-init-'))
      const leftover = path.join(dataDir, 'pglite.init-1-x')
      fs.mkdirSync(leftover)
      fs.writeFileSync(path.join(leftover, 'partial'), 'x')
      // Stands in for the child: a process with the temporary folder on its command line that still
      // writes into it a moment later, then ends. It fails (exit code 1) if the folder is gone by then.
      const child = spawn(
        process.execPath,
        [
          '-e',
          "setTimeout(() => require('node:fs').writeFileSync(process.argv[1] + '/late', 'x'), 800)",
          leftover,
        ],
        { stdio: 'ignore' },
      )
      children.push(child)
      const exitCode = new Promise<number | null>((resolve) => child.once('exit', resolve))
      await new Promise((resolve) => child.once('spawn', resolve))

      const database = await openPglite(dataDir)
      await database.close()
      expect(await exitCode).toBe(0)
      expect(fs.readdirSync(dataDir).filter((entry) => entry.startsWith('pglite.init-'))).toEqual([])
    }, 120_000)
  },
)

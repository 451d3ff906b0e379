import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { lockfileProblems } from './check-supply-chain.ts'

const integrity = `sha512-${'a'.repeat(86)}==`
let dir = ''

function project(options: {
  range?: string
  lockedRange?: string
  installed?: string
  integrity?: string
  bundled?: Record<string, unknown>
}) {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lockfile-'))
  const write = (file: string, value: unknown) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    fs.writeFileSync(path.join(dir, file), JSON.stringify(value))
  }
  write('package.json', { dependencies: { left: options.range ?? '^1.0.0' } })
  write('package-lock.json', {
    lockfileVersion: 3,
    packages: {
      '': { dependencies: { left: options.lockedRange ?? '^1.0.0' } },
      'node_modules/left': { version: '1.2.0', integrity: options.integrity ?? integrity },
      ...options.bundled,
    },
  })
  write('node_modules/left/package.json', { version: options.installed ?? '1.2.0' })
  return dir
}

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('lockfile check', () => {
  it('passes a consistent project', () => {
    expect(lockfileProblems(project({}))).toEqual([])
  })

  it('catches a range changed in package.json but not locked', () => {
    expect(lockfileProblems(project({ range: '^2.0.0' }))).toEqual([
      'dependencies.left: package.json says ^2.0.0, lockfile says ^1.0.0',
    ])
  })

  it('catches an installed version that is not the locked one', () => {
    expect(lockfileProblems(project({ installed: '1.3.0' }))).toEqual([
      'node_modules/left: installed 1.3.0, locked 1.2.0',
    ])
  })

  it('accepts a bundled package without a hash of its own when its locked parent has one', () => {
    const bundled = {
      'node_modules/left/node_modules/inner': { version: '2.0.0', inBundle: true, optional: true },
    }
    expect(lockfileProblems(project({ bundled }))).toEqual([])
  })

  it('catches a package marked bundled that no hashed parent ships', () => {
    const bundled = { 'node_modules/stray': { version: '2.0.0', inBundle: true, optional: true } }
    expect(lockfileProblems(project({ bundled }))).toEqual([
      'node_modules/stray: marked bundled, but no locked parent with a sha512 hash ships it',
    ])
  })

  it('catches a package without a sha512 hash', () => {
    expect(lockfileProblems(project({ integrity: 'sha1-abc' }))).toEqual([
      'node_modules/left: no sha512 integrity hash',
    ])
  })
})

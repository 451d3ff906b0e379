import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain JavaScript build script without types
import { isBuildStale } from './build-if-stale.mjs'

function project() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-stale-'))
  fs.mkdirSync(path.join(dir, 'src', 'client'), { recursive: true })
  fs.writeFileSync(path.join(dir, 'src', 'client', 'page.tsx'), 'export {}\n')
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html>\n')
  return dir
}

function touch(file: string, secondsAgo: number) {
  const at = new Date(Date.now() - secondsAgo * 1000)
  fs.utimesSync(file, at, at)
}

function stamp(dir: string, secondsAgo: number) {
  fs.mkdirSync(path.join(dir, 'dist'), { recursive: true })
  const file = path.join(dir, 'dist', '.build-stamp')
  fs.writeFileSync(file, 'built\n')
  touch(file, secondsAgo)
}

describe('npm start builds only when it must', () => {
  it('builds when there is no complete build', () => {
    expect(isBuildStale(project())).toBe(true)
  })

  it('skips a build newer than every input, and builds again once a source changes', () => {
    const dir = project()
    touch(path.join(dir, 'src', 'client', 'page.tsx'), 60)
    touch(path.join(dir, 'index.html'), 60)
    stamp(dir, 30)
    expect(isBuildStale(dir)).toBe(false)
    touch(path.join(dir, 'src', 'client', 'page.tsx'), 0)
    expect(isBuildStale(dir)).toBe(true)
  })

  it('ignores a changed test file: tests are not part of the build', () => {
    const dir = project()
    touch(path.join(dir, 'src', 'client', 'page.tsx'), 60)
    touch(path.join(dir, 'index.html'), 60)
    fs.writeFileSync(path.join(dir, 'src', 'client', 'page.test.tsx'), 'export {}\n')
    stamp(dir, 30)
    expect(isBuildStale(dir)).toBe(false)
  })
})

import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readTar, TarFormatError, TarWriter } from './tar.ts'

let dir: string
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-tar-'))
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const longName = `files/artwork/2030-01/${'a-very-long-folder-name/'.repeat(6)}logo été.png`
const entries: [string, Buffer][] = [
  ['database.ndjson', Buffer.from('{"a":1}\n'.repeat(1000))],
  ['files/map_example/1-town.png', Buffer.from([0, 1, 2, 3, 255])],
  [longName, Buffer.alloc(1024, 7)],
  ['files/empty.png', Buffer.alloc(0)],
]

async function writeArchive(file: string) {
  const gzip = zlib.createGzip()
  const written = pipeline(gzip, fs.createWriteStream(file))
  const tar = new TarWriter(gzip)
  const [first, ...rest] = entries as [[string, Buffer], ...[string, Buffer][]]
  await tar.addStream(
    first[0],
    first[1].byteLength,
    Readable.from([first[1].subarray(0, 100), first[1].subarray(100)]),
  )
  for (const [name, bytes] of rest) await tar.addFile(name, bytes)
  await tar.finish()
  gzip.end()
  await written
}

async function readArchive(file: string): Promise<[string, Buffer][]> {
  const read: [string, Buffer][] = []
  await readTar(fs.createReadStream(file).pipe(zlib.createGunzip()), async (entry) => {
    const parts: Buffer[] = []
    for await (const piece of entry.body) parts.push(piece)
    expect(Buffer.concat(parts).byteLength).toBe(entry.size)
    read.push([entry.name, Buffer.concat(parts)])
  })
  return read
}

describe('tar', () => {
  it('reads back what it wrote, long and non-ASCII names included', async () => {
    const file = path.join(dir, 'a.tar.gz')
    await writeArchive(file)
    expect(await readArchive(file)).toEqual(entries)
  })

  it('writes what GNU tar lists and extracts', async () => {
    const file = path.join(dir, 'b.tar.gz')
    await writeArchive(file)
    expect(execFileSync('tar', ['-tzf', file], { encoding: 'utf8' }).trim().split('\n')).toEqual(
      entries.map(([name]) => name),
    )
    const out = path.join(dir, 'b')
    fs.mkdirSync(out)
    execFileSync('tar', ['-xzf', file, '-C', out])
    for (const [name, bytes] of entries)
      expect(fs.readFileSync(path.join(out, name)).equals(bytes)).toBe(true)
  })

  it('reads what GNU tar writes, in its own and the pax format, folders skipped', async () => {
    const src = path.join(dir, 'src')
    for (const [name, bytes] of entries) {
      fs.mkdirSync(path.join(src, path.dirname(name)), { recursive: true })
      fs.writeFileSync(path.join(src, name), bytes)
    }
    for (const format of ['gnu', 'pax']) {
      const file = path.join(dir, `${format}.tar.gz`)
      execFileSync('tar', [`--format=${format}`, '-czf', file, '-C', src, ...entries.map(([name]) => name)])
      const read = await readArchive(file)
      expect(read.map(([name]) => name).sort()).toEqual(entries.map(([name]) => name).sort())
      for (const [name, bytes] of read)
        expect(bytes.equals(entries.find(([n]) => n === name)?.[1] as Buffer)).toBe(true)
    }
  })

  it('refuses a cut or damaged archive', async () => {
    const file = path.join(dir, 'c.tar')
    const gzip = path.join(dir, 'c.tar.gz')
    await writeArchive(gzip)
    const plain = zlib.gunzipSync(fs.readFileSync(gzip))
    fs.writeFileSync(file, plain.subarray(0, 2048))
    await expect(readTar(fs.createReadStream(file), async () => {})).rejects.toBeInstanceOf(TarFormatError)
    const damaged = Buffer.from(plain)
    const second = 512 + 8192 // after the first header and the 8,000 bytes of its file, padded
    damaged[second + 10] = (damaged[second + 10] as number) ^ 0xff
    fs.writeFileSync(file, damaged)
    await expect(
      readTar(fs.createReadStream(file), async (entry) => {
        for await (const _ of entry.body) {
          // read through
        }
      }),
    ).rejects.toThrow(/checksum/)
  })
})

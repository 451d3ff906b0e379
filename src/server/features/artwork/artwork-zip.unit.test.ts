import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { crc32, inflateRawSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { artworkZipName, artworkZipStream, type ZipSource } from './artwork-zip.ts'

// ---------------------------------------------------------------- a small ZIP reader

type ZipEntry = { name: string; method: number; data: Buffer }

/**
 * Reads a ZIP through its central directory (yazl streams, so the local headers carry no sizes), inflating
 * deflated entries and checking each CRC-32.
 */
function readZip(zip: Buffer): ZipEntry[] {
  const end = zip.length - 22
  expect(zip.readUInt32LE(end)).toBe(0x06054b50) // end of central directory, no comment
  const count = zip.readUInt16LE(end + 10)
  let offset = zip.readUInt32LE(end + 16)
  const entries: ZipEntry[] = []
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(offset)).toBe(0x02014b50)
    const method = zip.readUInt16LE(offset + 10)
    const crc = zip.readUInt32LE(offset + 16)
    const compressedSize = zip.readUInt32LE(offset + 20)
    const nameLength = zip.readUInt16LE(offset + 28)
    const extraLength = zip.readUInt16LE(offset + 30)
    const commentLength = zip.readUInt16LE(offset + 32)
    const localHeader = zip.readUInt32LE(offset + 42)
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength)
    expect(zip.readUInt32LE(localHeader)).toBe(0x04034b50)
    const dataStart =
      localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28)
    const raw = zip.subarray(dataStart, dataStart + compressedSize)
    const data = method === 8 ? inflateRawSync(raw) : Buffer.from(raw)
    expect(crc32(data)).toBe(crc)
    entries.push({ name, method, data })
    offset += 46 + nameLength + extraLength + commentLength
  }
  return entries
}

async function collect(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer())
}

function source(overrides: Partial<ZipSource> & { bytes?: Uint8Array } = {}): ZipSource {
  const { bytes = new Uint8Array([1, 2, 3]), ...rest } = overrides
  return {
    date: '2027-01-05',
    iconName: null,
    businessName: "Bob's Hardware",
    ext: 'png',
    load: async () => bytes,
    ...rest,
  }
}

function randomBytes(length: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(length)
  let state = seed
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) >>> 0
    bytes[i] = state >>> 24
  }
  return bytes
}

// ---------------------------------------------------------------- tests

describe('artworkZipName', () => {
  it('names a day file by its date and an icon file by its icon, then the business', () => {
    expect(artworkZipName(source())).toBe('2027-01-05-Bobs-Hardware.png')
    expect(artworkZipName(source({ date: null, iconName: 'Premium Icon', ext: 'PDF' }))).toBe(
      'icon-Premium-Icon-Bobs-Hardware.pdf',
    )
  })

  it('keeps only letters, digits, "-", "_" and "." and never starts with a dot', () => {
    const name = artworkZipName(
      source({ businessName: '../../etc/Café & Bäckerei "Zürich" 東京 ☕', ext: '.JPEG' }),
    )
    expect(name).toBe('2027-01-05-etc-Cafe-Backerei-Zurich.jpeg')
    expect(artworkZipName(source({ date: null, iconName: '...', businessName: '...', ext: '' }))).toBe(
      'icon-map-business.bin',
    )
    for (const businessName of ['.hidden', '  spaced  out  ', 'a/b\\c:d*e?f<g>h|i', '東京']) {
      const safe = artworkZipName(source({ businessName }))
      expect(safe).toMatch(/^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/)
    }
  })

  it('keeps at most 60 characters of the business name', () => {
    const name = artworkZipName(source({ businessName: 'Long '.repeat(40) }))
    const business = name.slice('2027-01-05-'.length, -'.png'.length)
    expect(business.length).toBeLessThanOrEqual(60)
    expect(business).toMatch(/^Long-Long-.*Long$/)
  })
})

describe('artworkZipStream', () => {
  it('zips every file under its name with its exact bytes', async () => {
    const png = randomBytes(200_000, 1)
    const pdf = randomBytes(5_000, 2)
    const text = new TextEncoder().encode('compressible '.repeat(1000))
    const entries = readZip(
      await collect(
        artworkZipStream([
          source({ bytes: png }),
          source({
            date: null,
            iconName: 'Premium Icon',
            businessName: 'Main St Bakery',
            ext: '.PDF',
            bytes: pdf,
          }),
          source({ date: '2027-01-06', businessName: 'Notes', ext: 'txt', bytes: text }),
          source({ date: '2027-01-07', businessName: 'Empty', bytes: new Uint8Array() }),
        ]),
      ),
    )
    expect(entries.map((entry) => entry.name)).toEqual([
      '2027-01-05-Bobs-Hardware.png',
      'icon-Premium-Icon-Main-St-Bakery.pdf',
      '2027-01-06-Notes.txt',
      '2027-01-07-Empty.png',
    ])
    expect(entries[0]?.data.equals(png)).toBe(true)
    expect(entries[1]?.data.equals(pdf)).toBe(true)
    expect(entries[2]?.data.equals(text)).toBe(true)
    expect(entries[3]?.data.length).toBe(0)
    expect(entries.map((entry) => entry.method)).toEqual([0, 0, 8, 0]) // png/pdf stored, the rest deflated
  })

  it('gives repeated names -2, -3 before the extension, without regard to case', async () => {
    const entries = readZip(
      await collect(
        artworkZipStream([
          source({ bytes: new Uint8Array([1]) }),
          source({ bytes: new Uint8Array([2]) }),
          source({ businessName: 'BOBS hardware', bytes: new Uint8Array([3]) }),
          source({ businessName: 'Bobs Hardware-2', bytes: new Uint8Array([4]) }),
        ]),
      ),
    )
    expect(entries.map((entry) => entry.name)).toEqual([
      '2027-01-05-Bobs-Hardware.png',
      '2027-01-05-Bobs-Hardware-2.png',
      '2027-01-05-BOBS-hardware-3.png',
      '2027-01-05-Bobs-Hardware-2-2.png',
    ])
    expect(entries.map((entry) => entry.data[0])).toEqual([1, 2, 3, 4])
  })

  it('loads each file only when the archive reaches it', async () => {
    let loads = 0
    const sources = Array.from({ length: 8 }, (_, i) =>
      source({
        businessName: `Shop ${i}`,
        load: async () => {
          loads++
          return randomBytes(1_000_000, i)
        },
      }),
    )
    const stream = artworkZipStream(sources)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(loads).toBeLessThanOrEqual(2) // nothing read yet: at most the first file or two are waiting

    const reader = stream.getReader()
    const chunks: Uint8Array[] = []
    const loadsSeen: number[] = []
    for (let result = await reader.read(); !result.done; result = await reader.read()) {
      chunks.push(result.value)
      loadsSeen.push(loads)
    }
    expect(loadsSeen[0]).toBeLessThanOrEqual(2)
    expect(new Set(loadsSeen).size).toBeGreaterThan(4) // the loads happened one by one while reading
    expect(loads).toBe(8)
    expect(readZip(Buffer.concat(chunks)).map((entry) => entry.name)).toEqual(
      sources.map((s) => artworkZipName(s)),
    )
  })

  it('gives a valid empty ZIP for no files', async () => {
    const zip = await collect(artworkZipStream([]))
    expect(zip.length).toBe(22) // only the end of central directory record
    expect(readZip(zip)).toEqual([])
  })

  it('errors the stream when a file cannot be loaded', async () => {
    const failing = source({ businessName: 'Gone', load: () => Promise.reject(new Error('storage is down')) })
    await expect(collect(artworkZipStream([source(), failing, source()]))).rejects.toThrow('storage is down')
  })

  it('stops loading files when the reader cancels', async () => {
    let loads = 0
    const sources = Array.from({ length: 6 }, (_, i) =>
      source({
        businessName: `Shop ${i}`,
        load: async () => {
          loads++
          return randomBytes(1_000_000, i)
        },
      }),
    )
    const reader = artworkZipStream(sources).getReader()
    await reader.read()
    await reader.cancel()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(loads).toBeLessThan(6)
  })

  it.skipIf(!existsSync('/usr/bin/unzip'))('passes Info-ZIP unzip -t', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'artwork-zip-'))
    try {
      const path = join(dir, 'artwork.zip')
      writeFileSync(
        path,
        await collect(
          artworkZipStream([
            source({ bytes: randomBytes(50_000, 3) }),
            source({ ext: 'txt', bytes: randomBytes(10, 4) }),
          ]),
        ),
      )
      const report = execFileSync('/usr/bin/unzip', ['-t', path], { encoding: 'utf8' })
      expect(report).toContain('No errors detected')
      expect(execFileSync('/usr/bin/unzip', ['-Z1', path], { encoding: 'utf8' }).trim().split('\n')).toEqual([
        '2027-01-05-Bobs-Hardware.png',
        '2027-01-05-Bobs-Hardware.txt',
      ])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

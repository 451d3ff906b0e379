import { once } from 'node:events'
import type { Readable, Writable } from 'node:stream'

/**
 * The tar format (POSIX ustar, with a pax `path` record for names longer than 100 bytes): enough to write
 * and read back a backup archive, which `tar -tzf` and `tar -xzf` also read. Regular files only; anything
 * else in an archive is skipped when reading.
 */
const BLOCK = 512

export class TarFormatError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'TarFormatError'
  }
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`
}

function header(name: string, size: number, type: '0' | 'x', mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK)
  block.write(name, 0, 100, 'utf8')
  block.write(octal(0o644, 8), 100, 'ascii')
  block.write(octal(0, 8), 108, 'ascii')
  block.write(octal(0, 8), 116, 'ascii')
  block.write(octal(size, 12), 124, 'ascii')
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii')
  block.write('        ', 148, 'ascii')
  block.write(type, 156, 'ascii')
  block.write('ustar\u000000', 257, 'ascii')
  let sum = 0
  for (const byte of block) sum += byte
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii')
  return block
}

/** One pax record, "<length> <key>=<value>\n", whose length counts its own digits. */
function paxRecord(key: string, value: string): Buffer {
  const body = ` ${key}=${value}\n`
  let length = Buffer.byteLength(body) + 1
  while (String(length).length + Buffer.byteLength(body) !== length) length++
  return Buffer.from(`${length}${body}`, 'utf8')
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK)

/** Writes entries to `out` (a gzip stream, say), waiting whenever it asks to. */
export class TarWriter {
  constructor(private readonly out: Writable) {}

  private async write(bytes: Uint8Array): Promise<void> {
    if (this.out.destroyed) throw new TarFormatError('The archive can no longer be written.')
    if (!this.out.write(bytes)) await once(this.out, 'drain')
  }

  private async writeHeader(name: string, size: number, mtime: Date): Promise<void> {
    if (Buffer.byteLength(name) > 100 || /[^\x20-\x7e]/.test(name)) {
      const record = paxRecord('path', name)
      await this.write(header('PaxHeader', record.byteLength, 'x', mtime))
      await this.write(record)
      await this.write(padding(record.byteLength))
      // Readers that know pax take the record; others get a shortened name.
      name = Buffer.from(name)
        .subarray(0, 100)
        .toString('latin1')
        .replace(/[^\x20-\x7e]/g, '_')
    }
    await this.write(header(name, size, '0', mtime))
  }

  async addFile(name: string, bytes: Uint8Array, mtime = new Date()): Promise<void> {
    await this.writeHeader(name, bytes.byteLength, mtime)
    await this.write(bytes)
    await this.write(padding(bytes.byteLength))
  }

  /** A file of known size from a stream (a database export, say): refused if the stream's size differs. */
  async addStream(name: string, size: number, stream: Readable, mtime = new Date()): Promise<void> {
    await this.writeHeader(name, size, mtime)
    let written = 0
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      written += chunk.byteLength
      if (written > size) throw new TarFormatError(`${name} grew while it was being archived.`)
      await this.write(chunk)
    }
    if (written !== size) throw new TarFormatError(`${name} shrank while it was being archived.`)
    await this.write(padding(size))
  }

  /** The end-of-archive marker; the caller ends `out`. */
  async finish(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2))
  }
}

/** Reads exact byte counts from a stream of chunks. */
class ByteReader {
  private chunks: Buffer[] = []
  private buffered = 0
  private ended = false
  private readonly source: AsyncIterator<Buffer>

  constructor(input: AsyncIterable<Buffer>) {
    this.source = input[Symbol.asyncIterator]()
  }

  private async fill(count: number): Promise<void> {
    while (this.buffered < count && !this.ended) {
      const next = await this.source.next()
      if (next.done) this.ended = true
      else {
        this.chunks.push(next.value)
        this.buffered += next.value.byteLength
      }
    }
  }

  private take(count: number): Buffer {
    const parts: Buffer[] = []
    let needed = count
    while (needed > 0) {
      const first = this.chunks[0] as Buffer
      if (first.byteLength <= needed) {
        parts.push(first)
        this.chunks.shift()
        needed -= first.byteLength
      } else {
        parts.push(first.subarray(0, needed))
        this.chunks[0] = first.subarray(needed)
        needed = 0
      }
    }
    this.buffered -= count
    return parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts)
  }

  /** Exactly `count` bytes, or undefined at a clean end; a partial read is a truncated archive. */
  async read(count: number): Promise<Buffer | undefined> {
    await this.fill(count)
    if (this.buffered === 0 && this.ended) return undefined
    if (this.buffered < count) throw new TarFormatError('The archive ends in the middle of an entry.')
    return this.take(count)
  }

  /** `count` bytes in the pieces they arrive in. */
  async *pieces(count: number): AsyncGenerator<Buffer> {
    let remaining = count
    while (remaining > 0) {
      await this.fill(1)
      if (this.buffered === 0) throw new TarFormatError('The archive ends in the middle of an entry.')
      const piece = this.take(Math.min(remaining, (this.chunks[0] as Buffer).byteLength))
      remaining -= piece.byteLength
      yield piece
    }
  }

  async skip(count: number): Promise<void> {
    for await (const _ of this.pieces(count)) {
      // discarded
    }
  }
}

function field(block: Buffer, offset: number, length: number): string {
  const raw = block.subarray(offset, offset + length)
  const end = raw.indexOf(0)
  return raw.subarray(0, end === -1 ? length : end).toString('utf8')
}

function readOctal(block: Buffer, offset: number, length: number, what: string): number {
  const text = field(block, offset, length).trim()
  if (!/^[0-7]+$/.test(text)) throw new TarFormatError(`A header's ${what} is not a number.`)
  return Number.parseInt(text, 8)
}

function checksumMatches(block: Buffer): boolean {
  const stored = readOctal(block, 148, 8, 'checksum')
  let sum = 0
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : (block[i] as number)
  return sum === stored
}

function paxPath(data: Buffer): string | undefined {
  let path: string | undefined
  let at = 0
  while (at < data.byteLength) {
    const space = data.indexOf(0x20, at)
    const length = Number(data.subarray(at, space).toString('ascii'))
    if (space === -1 || !Number.isInteger(length) || length <= 0) break
    const record = data.subarray(space + 1, at + length - 1).toString('utf8')
    const equals = record.indexOf('=')
    if (record.slice(0, equals) === 'path') path = record.slice(equals + 1)
    at += length
  }
  return path
}

type TarEntry = { name: string; size: number; body: AsyncIterable<Buffer> }

/**
 * Calls `onFile` for each regular file, in archive order; what it leaves of `body` unread is skipped.
 * Other entries (folders, links, global pax headers) are skipped.
 */
export async function readTar(
  input: AsyncIterable<Buffer>,
  onFile: (entry: TarEntry) => Promise<void>,
): Promise<void> {
  const reader = new ByteReader(input)
  let longName: string | undefined
  for (;;) {
    const block = await reader.read(BLOCK)
    if (!block) throw new TarFormatError('The archive has no end marker: it is incomplete.')
    if (block.every((byte) => byte === 0)) return
    if (!checksumMatches(block))
      throw new TarFormatError('A header is damaged (its checksum does not match).')
    const size = readOctal(block, 124, 12, 'size')
    const type = String.fromCharCode(block[156] as number)
    const padded = size + ((BLOCK - (size % BLOCK)) % BLOCK)
    if (type === 'x' || type === 'L') {
      const data = (await reader.read(padded))?.subarray(0, size) ?? Buffer.alloc(0)
      longName = type === 'x' ? (paxPath(data) ?? longName) : field(data, 0, size)
      continue
    }
    if (type !== '0' && type !== '\0') {
      await reader.skip(padded)
      longName = undefined
      continue
    }
    const prefix = field(block, 345, 155)
    const name = longName ?? (prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100))
    longName = undefined
    let taken = 0
    const pieces = reader.pieces(size)
    await onFile({
      name,
      size,
      body: (async function* () {
        for await (const piece of pieces) {
          taken += piece.byteLength
          yield piece
        }
      })(),
    })
    // Whatever the callback left unread.
    await reader.skip(size - taken)
    await reader.skip(padded - size)
  }
}

import type { AddressInfo } from 'node:net'
import net from 'node:net'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isClientAbort, stalledUploadTimeout } from './stalled-upload.ts'

// A real HTTP server: the timeout works on the connection, which app.request() does not have.
let server: ReturnType<typeof serve>
let port: number
let processed = 0

beforeAll(async () => {
  const app = new Hono()
  app.onError((error, c) => {
    if (isClientAbort(error)) return c.body(null, 400)
    throw error
  })
  app.post('/upload', stalledUploadTimeout(300), async (c) => {
    const body = await c.req.arrayBuffer()
    // Processing after the body has arrived does not count against the stall timeout.
    await new Promise((resolve) => setTimeout(resolve, 600))
    processed++
    return c.json({ bytes: body.byteLength })
  })
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve())
  })
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** Sends headers announcing `length` bytes, then `chunks` with `gapMs` between them; what the socket got. */
function upload(length: number, chunks: string[], gapMs: number) {
  return new Promise<{ closed: boolean; response: string }>((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    let response = ''
    socket.on('data', (d) => {
      response += d.toString()
    })
    socket.on('close', () => resolve({ closed: true, response }))
    socket.on('error', () => undefined)
    socket.write(`POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`)
    let i = 0
    const next = () => {
      if (socket.destroyed || i >= chunks.length) return
      socket.write(chunks[i++] as string)
      setTimeout(next, gapMs)
    }
    next()
  })
}

describe('stalledUploadTimeout', () => {
  it('closes the connection of an upload whose body stops arriving', async () => {
    const started = performance.now()
    const { closed, response } = await upload(1_000_000, ['only a little'], 0)
    expect(closed).toBe(true)
    expect(response).toBe('')
    expect(performance.now() - started).toBeLessThan(10_000)
    expect(processed).toBe(0)
  })

  it('lets a slow upload that keeps making progress finish, and does not count the processing time', async () => {
    const chunks = Array.from({ length: 6 }, () => 'x'.repeat(10))
    const { response } = await upload(60, chunks, 150) // 900 ms in all, never 300 ms without a byte
    expect(response).toContain('200 OK')
    expect(response).toContain('{"bytes":60}')
  })
})

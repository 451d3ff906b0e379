import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger, redactPath } from '#server/lib/logger.ts'
import {
  buyAndPayDays,
  openMonthWithDays,
  pngBytes,
  uploadArtworkFile,
} from '#server/test/artwork-test-helpers.ts'
import { ADMIN, createTestApp, type TestApp } from '#server/test/test-app.ts'

/**
 * The log never holds a bearer secret from a path: the artwork token, the checkout session id (local
 * /pay/… links, and the admin's checkout path), a reset token; nor the query's (unsubscribe).
 */
const lines: string[] = []
let t: TestApp
let admin: string

beforeAll(async () => {
  t = await createTestApp({
    logger: createLogger('info', {
      write: (line: string) => {
        lines.push(line)
      },
    }),
  })
  await t.createAdmin()
  admin = await t.signIn(ADMIN)
})
afterAll(() => t.close())

const logged = () => lines.join('')

describe('the access log', () => {
  it('never holds an artwork token, a checkout session id or another path secret', async () => {
    const { days } = await openMonthWithDays(t, admin, 22)
    const { token, sessionId, orderIds } = await buyAndPayDays(
      t,
      [(days[0] as { id: string }).id],
      'Log Cafe',
    )
    const [orderId] = orderIds as [string]
    const secrets = [token, sessionId]

    const requests: [string, RequestInit & { cookie?: string }][] = [
      [`/api/artwork/${token}`, {}],
      [`/api/artwork/${token}/files/${orderId}`, {}],
      [`/api/artwork/${token}/thumbnails/${orderId}`, {}],
      [`/api/artwork/${token}/files/no-such-line`, {}],
      [`/api/admin/checkouts/${encodeURIComponent(sessionId)}`, { cookie: admin }],
      [`/pay/${sessionId}`, {}],
      ['/api/auth/reset-password/reset-token-in-a-path-0123456789', {}],
      ['/api/unsubscribe?e=someone%40example.com&t=unsubscribe-token-0123456789', {}],
    ]
    secrets.push('reset-token-in-a-path-0123456789', 'unsubscribe-token-0123456789')
    expect((await uploadArtworkFile(t, token, [orderId], await pngBytes(400, 400))).status).toBe(200)
    for (const [path, init] of requests) {
      const response = await t.request(path, init)
      await response.arrayBuffer()
    }

    const text = logged()
    for (const secret of secrets) expect(text, secret).not.toContain(secret)
    // The lines are there, with the parameter's name where the secret was.
    const paths = lines.map((line) => JSON.parse(line) as { msg: string; path?: string; status?: number })
    const access = paths.filter((line) => line.msg === 'request').map((line) => `${line.status} ${line.path}`)
    expect(access).toEqual(
      expect.arrayContaining([
        '200 /api/artwork/:token',
        '200 /api/artwork/:token/upload',
        `200 /api/artwork/:token/files/${orderId}`,
        `200 /api/artwork/:token/thumbnails/${orderId}`,
        '404 /api/artwork/:token/files/no-such-line',
        '200 /api/admin/checkouts/:key',
        '404 /api/auth/reset-password/:token',
      ]),
    )
  })

  it('nor do the error lines that name a path, from any logger', async () => {
    const logger = createLogger('info', {
      write: (line: string) => {
        lines.push(line)
      },
    })
    const before = lines.length
    logger.error(
      { path: '/artwork/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
      'server rendering failed; sent the shell',
    )
    logger.child({ requestId: 'r1' }).warn({ path: '/pay/local_secret-session-id' }, 'database unavailable')
    logger.error({ path: '/API/Artwork/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB/upload' }, 'unhandled error')
    const text = lines.slice(before).join('')
    expect(text).not.toContain('AAAAAAAA')
    expect(text).not.toContain('secret-session-id')
    expect(text).not.toContain('BBBBBBBB')
    expect(lines.slice(before).map((line) => (JSON.parse(line) as { path: string }).path)).toEqual([
      '/artwork/:token',
      '/pay/:sessionId',
      '/API/artwork/:token/upload',
    ])
  })

  it('keeps every other path as it is', () => {
    for (const path of [
      '/api/calendar-days',
      '/api/admin/artwork/ORD-1/file',
      '/api/media',
      '/artworks',
      '/',
    ])
      expect(redactPath(path)).toBe(path)
  })
})

// @engines postgres
import path from 'node:path'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderArtwork } from '#server/db/schema.ts'
import {
  buyAndPayDays,
  openMonthWithDays,
  pngBytes,
  storedArtworkFiles,
  uploadArtworkFile,
} from '#server/test/artwork-test-helpers.ts'
import { waitForLockWaiters } from '#server/test/lock-waiters.ts'
import { ADMIN, createTestApp, type TestApp } from '#server/test/test-app.ts'
import { openTestDatabaseWithUrl } from '#server/test/test-database.ts'

/**
 * Two first uploads to one line at once: the line ends with one file, and the loser's file is not left
 * in storage with nothing naming it. On PostgreSQL both transactions are made to overlap for certain:
 * another connection holds the mailing row until both uploads wait for it, then lets them go together.
 */
let t: TestApp
let admin: string
let month: string
let days: { id: string; date: string }[]
let databaseUrl: string | undefined

beforeAll(async () => {
  const opened = await openTestDatabaseWithUrl()
  databaseUrl = opened.url
  t = await createTestApp({ database: opened.database })
  await t.createAdmin()
  admin = await t.signIn(ADMIN)
  ;({ month, days } = await openMonthWithDays(t, admin))
})
afterAll(() => t.close())

const mediaDir = () => path.join(t.dataDir, 'media')

/** The stored files a line's artwork row names (file and preview). */
async function namedFiles(orderId: string): Promise<string[]> {
  const [row] = await t.db.select().from(orderArtwork).where(eq(orderArtwork.orderId, orderId))
  if (!row) return []
  return [row.fileKey, ...(row.thumbnailKey ? [row.thumbnailKey] : [])]
    .map((key) => key.slice('artwork/'.length))
    .sort()
}

describe('concurrent first uploads to one line', () => {
  it('leave exactly one stored file and preview, the ones the line names', async () => {
    const { token, orderIds } = await buyAndPayDays(t, [(days[0] as { id: string }).id], 'Race Bakery')
    const [orderId] = orderIds as [string]
    const [red, blue] = await Promise.all([pngBytes(400, 400, '#ff0000'), pngBytes(400, 400, '#0000ff')])

    let responses: Response[]
    if (databaseUrl) {
      const blocker = new pg.Client({ connectionString: databaseUrl })
      await blocker.connect()
      try {
        await blocker.query('begin')
        await blocker.query('select month from mailings where month = $1 for update', [month])
        const racing = Promise.all([
          uploadArtworkFile(t, token, [orderId], red),
          uploadArtworkFile(t, token, [orderId], blue),
        ])
        // Both uploads have stored their files and wait, inside their transactions, for the mailing.
        await waitForLockWaiters(blocker, 2)
        await blocker.query('commit')
        responses = await racing
      } finally {
        await blocker.end()
      }
    } else {
      responses = await Promise.all([
        uploadArtworkFile(t, token, [orderId], red),
        uploadArtworkFile(t, token, [orderId], blue),
      ])
    }
    expect(responses.map((r) => r.status)).toEqual([200, 200])
    const named = await namedFiles(orderId)
    expect(named).toHaveLength(2)
    expect(storedArtworkFiles(mediaDir())).toEqual(named)
  })

  it('to two lines sharing one upload each way leave only the files the lines name', async () => {
    const { token, orderIds } = await buyAndPayDays(
      t,
      days.slice(1, 3).map((d) => d.id),
      'Race Florist',
    )
    const [a, b] = orderIds as [string, string]
    const before = storedArtworkFiles(mediaDir())
    const files = await Promise.all([pngBytes(300, 300, '#00ff00'), pngBytes(300, 300, '#ff00ff')])
    const responses = await Promise.all([
      uploadArtworkFile(t, token, [a, b], files[0]),
      uploadArtworkFile(t, token, [b, a], files[1]),
    ])
    expect(responses.map((r) => r.status)).toEqual([200, 200])
    const named = [...new Set([...(await namedFiles(a)), ...(await namedFiles(b))])].sort()
    expect(named).toHaveLength(2)
    expect(storedArtworkFiles(mediaDir()).filter((f) => !before.includes(f))).toEqual(named)
  })
})

// @engines postgres
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#server/db/client.ts'
import { waitForLockWaiters } from '#server/test/lock-waiters.ts'
import { openTestDatabaseWithUrl, testEngine } from '#server/test/test-database.ts'
import { DEFAULT_PRINT_SPECS, type HouseAdImage, type PrintSpecs } from '#shared/artwork.ts'
import { getPrintSpecs, setHouseAdImage, setPrintSpecs } from './print-specs.service.ts'

/**
 * The print settings and the house ad's image live in one stored value, changed by two forms: the settings
 * form (which keeps the image as stored) and the image upload (which keeps the rest). Neither may undo the other.
 */
let database: Database
let databaseUrl: string | undefined

beforeAll(async () => {
  ;({ database, url: databaseUrl } = await openTestDatabaseWithUrl())
})
afterAll(() => database.close())

const image = (name: string): HouseAdImage => ({ key: `house-ad/${name}.png`, contentType: 'image/png' })
const specsWith = (safeInches: number, text: string): PrintSpecs => ({
  ...DEFAULT_PRINT_SPECS,
  postcard: { ...DEFAULT_PRINT_SPECS.postcard, safeInches },
  houseAd: { text, image: null },
})

describe('print settings and the house ad image', () => {
  it('keep each other: saving the settings keeps the uploaded image, uploading keeps the settings', async () => {
    expect(await getPrintSpecs(database.db)).toEqual(DEFAULT_PRINT_SPECS)
    // An image first, on a database that has never stored the settings.
    const uploaded = await setHouseAdImage(database.db, image('first'))
    expect(uploaded).toEqual({
      ...DEFAULT_PRINT_SPECS,
      houseAd: { ...DEFAULT_PRINT_SPECS.houseAd, image: image('first') },
    })
    // The form sends no image (and could not set one): the stored one stays.
    const saved = await setPrintSpecs(database.db, specsWith(0.3, 'Ask us about this day'))
    expect(saved.houseAd).toEqual({ text: 'Ask us about this day', image: image('first') })
    expect(saved.postcard.safeInches).toBe(0.3)
    const replaced = await setHouseAdImage(database.db, image('second'))
    expect(replaced.postcard.safeInches).toBe(0.3)
    expect(replaced.houseAd).toEqual({ text: 'Ask us about this day', image: image('second') })
    expect(await setHouseAdImage(database.db, null)).toEqual(specsWith(0.3, 'Ask us about this day'))
    expect(await getPrintSpecs(database.db)).toEqual(specsWith(0.3, 'Ask us about this day'))
  })

  it.runIf(testEngine === 'postgres')(
    'an image uploaded while the settings are being saved is kept (PostgreSQL: the two overlap for certain)',
    async () => {
      await setHouseAdImage(database.db, null)
      const blocker = new pg.Client({ connectionString: databaseUrl })
      await blocker.connect()
      try {
        // Another session is storing an image: it holds the row and has written, not yet committed.
        await blocker.query('begin')
        await blocker.query("select value from site_settings where key = 'print_specs' for update")
        await blocker.query(
          `update site_settings set value = jsonb_set(value, '{houseAd,image}', $1::jsonb) where key = 'print_specs'`,
          [JSON.stringify(image('meanwhile'))],
        )
        const saving = setPrintSpecs(database.db, specsWith(0.4, 'Your shop here'))
        await waitForLockWaiters(blocker, 1)
        await blocker.query('commit')
        const saved = await saving
        expect(saved.houseAd).toEqual({ text: 'Your shop here', image: image('meanwhile') })
        expect((await getPrintSpecs(database.db)).houseAd.image).toEqual(image('meanwhile'))
      } finally {
        await blocker.end()
      }
    },
  )
})

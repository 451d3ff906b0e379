import { expect, type Locator, type Page } from '@playwright/test'
import type { PublicMailingsResponse } from '#shared/mailings.ts'
import { mailingMonthLabel } from '#shared/mailings.ts'
import { api } from './admin-api.ts'
import { expectNoAxeViolations, signInAt, test } from './fixtures.ts'

/**
 * The owner places a mailing's sold map icons on its map: two by keyboard and one by dragging, saves, and
 * finds them where they were left after a reload; then downloads the proof. The icons are of types this test
 * adds, sold by hand in the mailing on sale now (the seed opens it), with business names of their own.
 */

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A marker by its business name (its accessible name starts with it and says where it is). */
const marker = (page: Page, business: string): Locator =>
  page.getByRole('button', { name: new RegExp(`^${literal(business)}, (Regular|Premium) icon, placed at `) })

async function nameOf(locator: Locator): Promise<string> {
  return (await locator.getAttribute('aria-label')) ?? ''
}

test('the owner places map icons by keyboard and by dragging, keeps them over a reload, and downloads the proof', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInAt(page, '/admin/mailings')

  const tag = unique()
  const { open } = await api<PublicMailingsResponse>(page, 'GET', '/api/mailings')
  const mailing = open.find((m) => m.status === 'open')
  expect(mailing, 'a mailing on sale (the seed opens some)').toBeDefined()
  if (!mailing) return
  const month = mailing.month
  const label = mailingMonthLabel(month)
  const businesses = [`Anchor Books ${tag}`, `Beacon Bakery ${tag}`, `Cove Cafe ${tag}`]
  for (const [i, business] of businesses.entries()) {
    const icon = await api<{ id: string }>(page, 'POST', '/api/admin/map-icons', {
      name: `Composer icon ${i} ${tag}`,
      size: i === 0 ? 'large' : 'small',
      price: 40,
      defaultQuantity: 5,
    })
    await api(page, 'POST', '/api/admin/manual-map-icon-orders', {
      businessName: business,
      email: 'composer@example.com',
      iconId: icon.id,
      month,
    })
  }
  await page.reload()

  // From the mailing's row to its composer.
  await page
    .getByRole('region', { name: 'Mailings', exact: true })
    .getByRole('link', { name: `Map for ${label}` })
    .click()
  await expect(page).toHaveURL(`/admin/mailings/${month}/map`)
  await expect(page.getByRole('heading', { level: 1, name: `Map: ${label}` })).toBeVisible()
  const [anchor, beacon, cove] = businesses.map((b) => marker(page, b)) as [Locator, Locator, Locator]
  await expect(anchor).toHaveAccessibleName(/Premium icon/)
  await expect(page.getByText(/^Not placed yet: /)).toContainText(businesses[0] as string)
  await expect(anchor).toHaveAccessibleDescription(/Not placed yet\./)
  await expectNoAxeViolations(page)

  // Two by keyboard: Shift moves 5 %, a plain arrow 1 %.
  const before = await nameOf(anchor)
  await anchor.focus()
  for (let i = 0; i < 8; i++) await page.keyboard.press('Shift+ArrowLeft')
  await page.keyboard.press('Shift+ArrowDown')
  await page.keyboard.press('ArrowDown')
  await expect(anchor).not.toHaveAccessibleName(before)
  await beacon.focus()
  for (let i = 0; i < 10; i++) await page.keyboard.press('Shift+ArrowLeft')
  for (let i = 0; i < 6; i++) await page.keyboard.press('Shift+ArrowDown')

  // One by dragging with the mouse.
  const coveBefore = await nameOf(cove)
  const box = await cove.boundingBox()
  expect(box).not.toBeNull()
  if (!box) return
  const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
  await page.mouse.move(start.x, start.y)
  await page.mouse.down()
  await page.mouse.move(start.x - 150, start.y + 120, { steps: 8 })
  await page.mouse.move(start.x - 300, start.y + 240, { steps: 8 })
  await page.mouse.up()
  await expect(cove).not.toHaveAccessibleName(coveBefore)

  const placed = [await nameOf(anchor), await nameOf(beacon), await nameOf(cove)]
  await page.getByRole('button', { name: 'Save positions' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Positions saved.' })).toBeVisible()

  await page.reload()
  for (const [i, business] of businesses.entries())
    await expect(marker(page, business)).toHaveAccessibleName(placed[i] as string)
  for (const business of businesses)
    await expect(marker(page, business)).not.toHaveAccessibleDescription(/Not placed yet/)

  // The proof, as a PDF download.
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download proof' }).click()
  const download = await downloading
  // Its icons have no artwork yet, so the proof is a draft, and named so.
  expect(download.suggestedFilename()).toBe(`proof-${month}-draft.pdf`)
  const stream = await download.createReadStream()
  const head: Buffer = await new Promise((resolve, reject) => {
    stream.once('data', (chunk) => resolve(Buffer.from(chunk)))
    stream.once('error', reject)
  })
  stream.destroy()
  expect(head.subarray(0, 5).toString('latin1')).toBe('%PDF-')

  // At 375 px the card scales down, nothing scrolls sideways, and the markers still move by keyboard.
  await page.setViewportSize({ width: 375, height: 800 })
  await expect(cove).toBeVisible()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await expectNoAxeViolations(page)
  const small = await nameOf(cove)
  await cove.focus()
  await page.keyboard.press('ArrowUp')
  await expect(cove).not.toHaveAccessibleName(small)
  await expect(page.getByText('1 marker moved, not saved yet.')).toBeVisible()
})

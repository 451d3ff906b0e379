import { expect, type Page } from '@playwright/test'
import { addMonths } from '#shared/dates.ts'
import { formatDayDate, formatPrice } from '#shared/format.ts'
import {
  mailingMonthLabel,
  type PublicMailingsResponse,
  parseMonthKey,
  toMonthKey,
} from '#shared/mailings.ts'
import { api } from './admin-api.ts'
import { expectNoAxeViolations, signInAt, test, toastText } from './fixtures.ts'

/**
 * The blog's publication dates and cover images, and the icon catalogue's new and retired types. The admin
 * site is shared with every admin spec: names are unique to the run, and the posts carry publication dates
 * far ahead so they lead /blog's first page whatever else is published.
 */

// The smallest valid PNG: 1×1 transparent pixel.
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`

async function checkAxeAtBothWidths(page: Page) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await expectNoAxeViolations(page)
  }
}

test('a post shows its chosen publication date and cover image on /blog and its page, newest first, rendered on the server', async ({
  page,
}) => {
  const id = unique()
  const coverFile = `cover-${id}.png`
  const newer = `Harbour festival ${id}`
  const older = `Spring market ${id}`
  const alt = `Boats at the harbour ${id}`
  // Days far ahead that no other spec uses (in March 2090), so these posts lead the first page.
  const day = 1 + Math.floor(Math.random() * 27)
  const newerDate = `2090-03-${String(day + 1).padStart(2, '0')}`
  const olderDate = `2090-03-${String(day).padStart(2, '0')}`

  await signInAt(page, '/admin/media')
  await page.getByRole('tab', { name: 'Blog Cover' }).click()
  const panel = page.getByRole('tabpanel', { name: 'Blog Cover' })
  await panel
    .getByLabel('Choose File')
    .setInputFiles({ name: coverFile, mimeType: 'image/png', buffer: TINY_PNG })
  await panel.getByRole('button', { name: 'Upload' }).click()
  await expect(panel.getByRole('img', { name: coverFile })).toBeVisible()

  await page.goto('/admin/blog')
  for (const [title, date] of [
    [older, olderDate],
    [newer, newerDate],
  ] as const) {
    await page.getByRole('button', { name: 'Add Post' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Create New Blog Post' })
    await dialog.getByPlaceholder('Enter post title').fill(title)
    await dialog.getByPlaceholder('Enter post content').fill(`All about the ${title}.`)
    await dialog.getByLabel('Publication date').fill(date)
    await dialog.getByRole('switch', { name: 'Publish post' }).click()
    await dialog.getByRole('button', { name: 'Create Post' }).click()
    await expect(toastText(page, 'Post Created')).toBeVisible()
    await expect(dialog).toBeHidden()
    await expect(
      page.getByRole('row').filter({ hasText: title }).getByText(formatDayDate(date)),
    ).toBeVisible()
  }

  // The public list is rendered (and kept) before the cover is chosen: choosing it renders it again.
  const before = await page.request.get('/blog')
  expect(await before.text()).toContain(newer)

  await page.getByRole('button', { name: `Edit ${newer}` }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Blog Post' })
  await expect(edit.getByLabel('Publication date')).toHaveValue(newerDate)
  await edit.getByRole('combobox', { name: 'Cover image' }).click()
  await page.getByRole('option', { name: coverFile }).click()
  await edit.getByLabel('Cover image alt text').fill(alt)
  await checkAxeAtBothWidths(page)
  await page.setViewportSize({ width: 1280, height: 900 })
  await edit.getByRole('button', { name: 'Update Post' }).click()
  await expect(toastText(page, 'Post Updated')).toBeVisible()
  await expect(edit).toBeHidden()

  const served = await (await page.request.get('/blog')).text()
  expect(served).toContain(`alt="${alt}"`)
  expect(served).toContain(formatDayDate(newerDate))
  expect(served.indexOf(newer)).toBeLessThan(served.indexOf(older))

  await page.goto('/blog')
  const cards = page.getByRole('listitem').filter({ hasText: id })
  await expect(cards).toHaveCount(2)
  await expect(cards.nth(0)).toContainText(newer)
  await expect(cards.nth(1)).toContainText(older)
  await expect(cards.nth(0).getByRole('img', { name: alt })).toBeVisible()
  await expect(cards.nth(0).getByText(formatDayDate(newerDate))).toBeVisible()
  await expect(cards.nth(1).getByText(formatDayDate(olderDate))).toBeVisible()
  // A post without a cover shows none.
  await expect(cards.nth(1).getByRole('img')).toHaveCount(0)
  await checkAxeAtBothWidths(page)

  await page.setViewportSize({ width: 1280, height: 900 })
  await cards
    .nth(0)
    .getByRole('link', { name: `Read More about ${newer}` })
    .click()
  await expect(page.getByRole('heading', { name: newer })).toBeVisible()
  await expect(page.getByRole('img', { name: alt })).toBeVisible()
  await expect(page.getByText(formatDayDate(newerDate))).toBeVisible()
  const postHtml = await (await page.request.get(page.url())).text()
  expect(postHtml).toContain(`alt="${alt}"`)
  expect(postHtml).toContain(formatDayDate(newerDate))
  await checkAxeAtBothWidths(page)
})

test('an icon type can be added and retired; the mailing on sale keeps selling it, later ones refuse it, and its paid order keeps its name and price', async ({
  page,
}) => {
  const name = `Lighthouse icon ${unique()}`
  const business = `Retired Type Bakery ${unique()}`
  await signInAt(page, '/admin/manual-map-icon-orders')

  await page.getByRole('button', { name: 'Add Icon Type' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Map Icon' })
  await dialog.getByRole('button', { name: 'Add Icon' }).click()
  await expect(dialog.getByText('Enter a name.')).toBeVisible()
  await dialog.getByLabel('Name').fill(name)
  await dialog.getByRole('combobox', { name: 'Size' }).click()
  await page.getByRole('option', { name: 'Premium' }).click()
  await dialog.getByLabel('Price').fill('77')
  await dialog.getByLabel('Default quantity').fill('4')
  await checkAxeAtBothWidths(page)
  await page.setViewportSize({ width: 1280, height: 900 })
  await dialog.getByRole('button', { name: 'Add Icon' }).click()
  await expect(toastText(page, `${name} has been added.`)).toBeVisible()
  await expect(dialog).toBeHidden()
  const row = page.getByRole('row').filter({ hasText: name })
  await expect(row.getByRole('cell', { name: 'Premium' })).toBeVisible()
  await expect(row.getByRole('cell', { name: formatPrice(77) })).toBeVisible()
  await expect(row.getByRole('cell', { name: 'On sale' })).toBeVisible()

  const { icons } = await api<{ icons: Array<{ id: string; name: string }> }>(
    page,
    'GET',
    '/api/admin/map-icons',
  )
  const icon = icons.find((i) => i.name === name)
  expect(icon, 'the added icon type').toBeDefined()
  if (!icon) return
  // A paid order for it, in the mailing on sale now (the first open one).
  const order = await api<{ id: string }>(page, 'POST', '/api/admin/manual-map-icon-orders', {
    businessName: business,
    email: 'bakery@example.com',
    iconId: icon.id,
  })

  // The mailing on sale now (the first open one) keeps selling it; the month after it is the first without.
  const { open } = await api<PublicMailingsResponse>(page, 'GET', '/api/mailings')
  const current = open.find((m) => m.status === 'open')
  expect(current, 'a mailing on sale (the seed opens some)').toBeDefined()
  if (!current) return
  const { year, month } = parseMonthKey(current.month)
  const next = addMonths(year, month, 1)
  const later = toMonthKey(next.year, next.month)

  await row.getByRole('button', { name: `Retire ${name}` }).click()
  const confirm = page.getByRole('alertdialog', { name: `Retire ${name}?` })
  await expect(
    confirm.getByText(
      `It stays on sale in the ${mailingMonthLabel(current.month)} mailing and is not sold from the ${mailingMonthLabel(later)} mailing on. Orders already made keep what they bought.`,
    ),
  ).toBeVisible()
  await confirm.getByRole('button', { name: 'Retire' }).click()
  await expect(toastText(page, `${name} is retired.`)).toBeVisible()
  await expect(
    row.getByRole('cell', { name: `Retired from the ${mailingMonthLabel(later)} mailing` }),
  ).toBeVisible()
  await expect(row.getByRole('button', { name: `Retire ${name}` })).toHaveCount(0)
  await checkAxeAtBothWidths(page)
  await page.setViewportSize({ width: 1280, height: 900 })

  // The server refuses a checkout of it from a later mailing, with a reason; the current mailing still sells it.
  const refused = await page.evaluate(
    async (body) => {
      const response = await fetch('/api/functions/create-map-icon-checkout', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      return { status: response.status, body: await response.json() }
    },
    { iconId: icon.id, month: later, businessName: business, email: 'bakery@example.com' },
  )
  expect(refused.status).toBe(409)
  expect(refused.body.error.message).toBe(
    `${name} is not sold from the ${mailingMonthLabel(later)} mailing on.`,
  )

  // The paid order still shows what it bought, even after the type's price changes.
  await api(page, 'PATCH', `/api/admin/map-icons/${icon.id}`, { price: 99 })
  await page.goto(`/admin/orders?checkout=${order.id}`)
  const drawer = page.getByRole('dialog', { name: business })
  const line = drawer.getByRole('listitem').filter({ hasText: order.id })
  await expect(line.getByText(`Map Icon: ${name}`)).toBeVisible()
  await expect(line.getByText(formatPrice(77))).toBeVisible()
})

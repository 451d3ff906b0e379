import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, PUBLIC_PAGES, signInAsAdmin } from './fixtures.ts'

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('every public route has no axe violations', async ({ page }) => {
      test.slow() // one test walks every route with axe
      for (const { path, heading } of PUBLIC_PAGES) {
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible()
        await expectNoAxeViolations(page)
      }
    })

    test('the admin dashboard has no axe violations', async ({ page }) => {
      test.slow()
      await page.goto('/auth')
      await signInAsAdmin(page)
      for (const section of [
        'calendar',
        'orders',
        'manual-orders',
        'manual-map-icon-orders',
        'media',
        'blog',
        'settings',
      ]) {
        await page.goto(`/admin/${section}`)
        await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible()
        await expectNoAxeViolations(page)
      }
    })
  })
}

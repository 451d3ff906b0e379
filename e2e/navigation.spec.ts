import { expect } from '@playwright/test'
import { test } from './fixtures.ts'

const NAV_LINKS: Array<[string, string, string]> = [
  ['Prior Work', '/prior-work', 'Prior Work'],
  ['Non-Profits', '/non-profits', 'Free Features for Local Non-Profits'],
  ['Pricing', '/pricing', 'Pricing'],
  ['Calendar', '/calendar', 'Calendar'],
  ['Blog', '/blog', 'Blog'],
  ['About', '/about', 'About Townflyer'],
  ['Contact', '/contact', 'Contact Us'],
  ['Special Purchase', '/special-purchase', 'Special Purchase'],
]

// Every public route's own page (its level-1 heading) is checked at 375 and 1280 px by accessibility.spec.ts.

test('the desktop bar links reach their pages and the logo goes home', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/')
  const nav = page.getByRole('navigation', { name: 'Main' })
  for (const [name, path, heading] of NAV_LINKS) {
    await nav.getByRole('link', { name, exact: true }).click()
    await expect(page).toHaveURL(path)
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible()
  }
  await page.getByRole('link', { name: 'Townflyer', exact: true }).first().click()
  await expect(page).toHaveURL('/')
  await page.getByRole('link', { name: /Cart/ }).click()
  await expect(page).toHaveURL('/cart-checkout')
  await expect(page.getByText('Your cart is empty')).toBeVisible()
})

test('the footer has the quick links, the contact block, the Admin button and this year', async ({
  page,
}) => {
  await page.goto('/about')
  const footer = page.getByRole('contentinfo')
  const quick = footer.getByRole('navigation', { name: 'Quick Links' })
  const quickLinks: Array<[string, string]> = [
    ['Calendar', '/calendar'],
    ['Blog', '/blog'],
    ['About', '/about'],
    ['Contact', '/contact'],
    ['Your account', '/account'],
    ['Home', '/'],
  ]
  for (const [name, path] of quickLinks) {
    // The previous page's module may still be loading (a lazy route): the link then answers once it has
    // rendered, so a click that landed before is made again.
    await expect(async () => {
      await quick.getByRole('link', { name, exact: true }).click()
      await expect(page).toHaveURL(path, { timeout: 2_000 })
    }).toPass({ timeout: 15_000 })
  }
  await expect(footer.getByRole('link', { name: 'hello@townflyer.example' })).toHaveAttribute(
    'href',
    'mailto:hello@townflyer.example',
  )
  await expect(footer.getByRole('link', { name: '(555) 010-0123' })).toHaveAttribute('href', /^tel:/)
  await expect(footer.getByText('Springfield', { exact: true })).toBeVisible()
  await expect(footer.getByText(`© ${new Date().getFullYear()} Townflyer`)).toBeVisible()
  await footer.getByRole('link', { name: 'Admin', exact: true }).click()
  await expect(page).toHaveURL('/auth')
  await expect(page.getByRole('heading', { name: 'Admin Sign In' })).toBeVisible()
})

test('the mobile menu below 768 px opens, navigates and closes', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await page.goto('/')
  const open = page.getByRole('button', { name: 'Open menu' })
  await expect(open).toBeVisible()
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }),
  ).toBeHidden()
  await open.click()
  const menu = page.locator('#mobile-menu')
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true')
  await menu.getByRole('link', { name: 'Pricing', exact: true }).click()
  await expect(page).toHaveURL('/pricing')
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible()
  await expect(menu).toBeHidden()

  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused()
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(scrollWidth).toBeLessThanOrEqual(375)
})

test('an unknown path shows the 404 page and logs the attempted path', async ({ page }) => {
  const errors: string[] = []
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
  await page.goto('/definitely/not/here')
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible()
  await expect(page.getByText('Oops! Page not found')).toBeVisible()
  expect(errors.join('\n')).toContain('/definitely/not/here')
  await page.getByRole('link', { name: 'Return to Home' }).click()
  await expect(page).toHaveURL('/')
})

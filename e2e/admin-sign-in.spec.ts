import { expect } from '@playwright/test'
import { E2E_ADMIN, signInAsAdmin, test } from './fixtures.ts'

test('an administrator made with the CLI signs in from /admin, sees the dashboard and logs out', async ({
  page,
}) => {
  await page.goto('/admin')
  await expect(page).toHaveURL('/auth')
  await expect(page.getByRole('heading', { name: 'Admin Sign In' })).toBeVisible()
  await signInAsAdmin(page)
  await expect(page).toHaveURL('/admin')
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible()
  await expect(page.getByText('Manage calendar days, orders, blog posts, and site settings.')).toBeVisible()
  const tabs = page.getByRole('tablist')
  for (const name of ['Calendar', 'Orders', 'Manual Orders', 'Map Icons', 'Media', 'Blog', 'Settings']) {
    await expect(tabs.getByRole('tab', { name, exact: true })).toBeVisible()
  }
  await tabs.getByRole('tab', { name: 'Blog', exact: true }).click()
  await expect(page).toHaveURL('/admin/blog')
  await expect(page.getByRole('heading', { name: 'Blog Posts' })).toBeVisible()

  // Signed in: the bar shows Admin and Logout; an already signed-in admin at /auth is sent on.
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Admin', exact: true })).toBeVisible()
  await page.goto('/login')
  await expect(page).toHaveURL('/admin')

  await page.getByRole('main').getByRole('button', { name: 'Logout' }).click()
  await expect(page.getByText('Logged out successfully', { exact: true })).toBeVisible()
  await expect(
    page.getByText('You have been signed out from the admin panel.', { exact: true }),
  ).toBeVisible()
  await expect(page).toHaveURL('/')
  await page.goto('/admin/orders')
  await expect(page).toHaveURL('/auth')
})

test('sign-in returns to the remembered admin page', async ({ page }) => {
  await page.goto('/admin/settings')
  await expect(page).toHaveURL('/auth')
  await signInAsAdmin(page)
  await expect(page).toHaveURL('/admin/settings')
  await expect(page.getByRole('tab', { name: 'Settings', selected: true })).toBeVisible()
})

test('a wrong password shows the sign-in error toast and stays on /auth', async ({ page }) => {
  await page.goto('/auth')
  await page.getByLabel('Email').fill(E2E_ADMIN.email)
  await page.getByLabel('Password').fill('not-the-right-password')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByText('Error signing in', { exact: true })).toBeVisible()
  await expect(page).toHaveURL('/auth')
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled()
})

test('the sign-in form works with the keyboard alone', async ({ page }) => {
  await page.goto('/auth')
  await page.getByLabel('Email').focus()
  await page.keyboard.type(E2E_ADMIN.email)
  await page.keyboard.press('Tab')
  await page.keyboard.type(E2E_ADMIN.password)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible()
})

import { expect, type Page } from '@playwright/test'
import { E2E_ADMIN, expectNoAxeViolations, signInAt, test } from './fixtures.ts'

const RESET_ANSWER = "If an account exists for that e-mail, we've sent a link to reset your password."

/** An address no other attempt uses, so a retry never finds the last attempt's administrator. */
const uniqueEmail = (label: string) =>
  `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`

async function openForgotPassword(page: Page) {
  await page.goto('/auth')
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Sign In' })).toBeVisible()
  await page.getByRole('button', { name: 'Forgot password?' }).click()
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible()
}

test('"Forgot password?" gives the same answer for an administrator and an unknown e-mail', async ({
  page,
}) => {
  for (const email of [E2E_ADMIN.email, uniqueEmail('nobody')]) {
    await openForgotPassword(page)
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect(page.getByRole('status').filter({ hasText: RESET_ANSWER })).toBeVisible()
  }
  await page.getByRole('button', { name: 'Back to sign in' }).click()
  await expect(page.getByLabel('Password')).toBeVisible()
})

test('a reset link that is not valid says so and leads back to sign in', async ({ page }) => {
  await page.goto('/reset-password?token=not-a-valid-reset-token')
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible()
  await page.getByLabel('New password', { exact: true }).fill('a-new-password-123')
  await page.getByLabel('Confirm new password').fill('a-new-password-123')
  await page.getByRole('button', { name: 'Set password' }).click()
  await expect(
    page.getByRole('alert').filter({ hasText: 'This link is invalid or has expired.' }),
  ).toBeVisible()
  await page.getByRole('link', { name: 'Go to sign in' }).click()
  await expect(page).toHaveURL('/auth')
})

test('an administrator adds another by e-mail and removes them again', async ({ page }) => {
  const email = uniqueEmail('team')
  await signInAt(page, '/admin/settings')
  await expect(page.getByRole('heading', { name: 'Administrators' })).toBeVisible()
  const you = page.getByRole('row').filter({ hasText: E2E_ADMIN.email })
  await expect(you).toContainText('(you)')

  await page.getByRole('button', { name: 'Add administrator' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add administrator' })
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByLabel('Name (optional)').fill('Team Mate')
  await dialog.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText(`Invitation sent to ${email}`, { exact: true })).toBeVisible()
  await expect(dialog).toBeHidden()
  const row = page.getByRole('row').filter({ hasText: email })
  await expect(row).toContainText('Team Mate')
  await expect(row).toContainText('Invitation pending')

  // Adding them twice is refused with the server's reason.
  await page.getByRole('button', { name: 'Add administrator' }).click()
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByRole('button', { name: 'Send invitation' }).click()
  await expect(dialog.getByRole('alert')).toHaveText(`${email} is already an administrator.`)
  await dialog.getByRole('button', { name: 'Cancel' }).click()

  await row.getByRole('button', { name: `Remove ${email}` }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Remove administrator?' })
  await expect(confirm).toContainText(`${email} will lose access to the admin area`)
  await confirm.getByRole('button', { name: 'Remove' }).click()
  await expect(page.getByText(`${email} is no longer an administrator`, { exact: true })).toBeVisible()
  await expect(row).toHaveCount(0)
})

test('changing the password refuses a wrong current password and mismatched new ones', async ({ page }) => {
  // A successful change is covered by the integration and component tests: E2E_ADMIN is the only account
  // with a known password and the admin specs run in parallel, so changing it here would sign them out.
  await signInAt(page, '/admin/settings')
  await page.getByLabel('Current password').fill('not-the-current-password')
  await page.getByLabel('New password', { exact: true }).fill('another-password-123')
  await page.getByLabel('Confirm new password').fill('another-password-12')
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText('The two passwords are not the same.')).toBeVisible()
  await page.getByLabel('Confirm new password').fill('another-password-123')
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText('The current password is not correct.')).toBeVisible()
  await expect(page.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true')
})

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('the forgot-password form, its answer and the reset page have no axe violations', async ({
      page,
    }) => {
      await openForgotPassword(page)
      await expectNoAxeViolations(page)
      await page.getByLabel('Email').fill(uniqueEmail('axe'))
      await page.getByRole('button', { name: 'Send reset link' }).click()
      await expect(page.getByRole('status').filter({ hasText: RESET_ANSWER })).toBeVisible()
      await expectNoAxeViolations(page)

      await page.goto('/reset-password?token=not-a-valid-reset-token&invite=1')
      await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible()
      await page.getByRole('button', { name: 'Set password' }).click()
      await expect(page.getByText('Password must be at least 12 characters long.')).toBeVisible()
      await expectNoAxeViolations(page)
    })

    test('the Administrators and Change password cards have no axe violations', async ({ page }) => {
      await signInAt(page, '/admin/settings')
      await expect(page.getByRole('row').filter({ hasText: E2E_ADMIN.email })).toBeVisible()
      await expectNoAxeViolations(page)
      await page.getByRole('button', { name: 'Add administrator' }).click()
      await expect(page.getByRole('dialog', { name: 'Add administrator' })).toBeVisible()
      await expectNoAxeViolations(page)
    })
  })
}

import { act, fireEvent, screen } from '@testing-library/react'
import { expect } from 'vitest'
import { CHECKOUT_ISSUES } from '#client/features/cart/checkout-validation.ts'

/**
 * A field's accessible description: the texts of the elements its aria-describedby names, in order and
 * with the spaces collapsed, as a screen reader reads them on focus.
 */
export function accessibleDescription(field: HTMLElement): string {
  return (field.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** The field is marked invalid and describes itself by the message (which stands next to it). */
export function expectFieldError(field: HTMLElement, message: string) {
  expect(field.getAttribute('aria-invalid')).toBe('true')
  expect(accessibleDescription(field)).toBe(message)
}

/**
 * A mouse click as the browser makes it: press (a lazily validated form loads on it), the button takes the
 * focus, release, click. So a form that moves the focus to its first invalid field is seen doing it.
 */
export async function click(button: HTMLElement) {
  await act(async () => {
    fireEvent.pointerDown(button, { button: 0 })
    button.focus()
    fireEvent.pointerUp(button, { button: 0 })
    fireEvent.click(button)
  })
}

/** The toaster (rendered by the test) shows the text. */
export async function expectToast(text: string) {
  expect((await screen.findAllByText(text, { exact: true })).length).toBeGreaterThan(0)
}

/**
 * The booking form of the cart, single-day and map icon checkouts (BookingInformation): an empty business
 * name, then a bad e-mail, each refused with its toast, next to its field, which takes the focus; the field
 * corrected before is no longer marked.
 */
export async function expectBookingFormErrors(submitName: string) {
  const name = await screen.findByRole('textbox', { name: 'Business Name' })
  const email = screen.getByRole('textbox', { name: 'Email' })
  await click(screen.getByRole('button', { name: submitName }))
  await expectToast(CHECKOUT_ISSUES.businessName.title)
  expectFieldError(name, CHECKOUT_ISSUES.businessName.description)
  expect(document.activeElement).toBe(name)

  fireEvent.change(name, { target: { value: 'Usability Bakery' } })
  fireEvent.change(email, { target: { value: 'not-an-email' } })
  await click(screen.getByRole('button', { name: submitName }))
  await expectToast(CHECKOUT_ISSUES.email.title)
  expectFieldError(email, CHECKOUT_ISSUES.email.description)
  expect(document.activeElement).toBe(email)
  expect(name.getAttribute('aria-invalid')).not.toBe('true')
}

import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cartActions, resetCartStore } from '../cart-store'
import { OrderSummary } from './order-summary'

/**
 * The cart summary shows prices with cents when they have cents and whole dollars without decimals, and
 * its total is the sum the server will charge (cents included), also with the 2-day discount of $10.
 */
beforeEach(() => {
  localStorage.clear()
  resetCartStore()
})
afterEach(() => {
  cleanup()
  cartActions.clearCart()
})

describe('OrderSummary', () => {
  it('shows $135.75 with its cents, whole dollars without decimals, and the exact total', () => {
    cartActions.addCalendarDay({ id: 'd1', date: '2034-03-09', price: 135.75 })
    cartActions.addCalendarDay({ id: 'd2', date: '2034-03-10', price: 120 })
    cartActions.setMapIcon({ id: 'i1', name: 'Map Icon', size: 'small', price: 150 })
    render(<OrderSummary />)

    const first = screen.getByText('Thursday, March 9, 2034').parentElement?.textContent ?? ''
    expect(first).toContain('$135.75') // struck through: the price before the discount
    expect(first).toContain('$125.75') // after the 2-day discount of $10 per day
    const second = screen.getByText('Friday, March 10, 2034').parentElement?.textContent ?? ''
    expect(second).toContain('$120')
    expect(second).toContain('$110')
    expect(second).not.toContain('$110.00')
    expect(screen.getByText('$10 discount applied per square')).toBeTruthy()
    expect(screen.getByText(/Regular · \$150$/)).toBeTruthy()
    // 125.75 + 110 + 150: cents kept, never rounded to $386.
    expect(screen.getByRole('status').textContent).toBe('$385.75')
  })

  it('shows whole-dollar carts without decimals', () => {
    cartActions.addCalendarDay({ id: 'd1', date: '2034-03-09', price: 120 })
    render(<OrderSummary />)
    expect(screen.getByRole('status').textContent).toBe('$120')
  })

  it("names the map icon's mailing, and nothing for an icon saved before mailings", () => {
    cartActions.setMapIcon({ id: 'i1', name: 'Map Icon', size: 'small', price: 150, month: '2027-01' })
    render(<OrderSummary />)
    const line = screen.getByText('Map Icon').parentElement?.textContent ?? ''
    expect(line).toBe('Map IconJanuary 2027 mailingRegular · $150')
    cleanup()
    cartActions.clearCart()
    cartActions.setMapIcon({ id: 'i1', name: 'Map Icon', size: 'small', price: 150 })
    render(<OrderSummary />)
    expect(screen.queryByText(/mailing/)).toBeNull()
  })
})

import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AdminOrderDto } from '../../../../../shared/admin-dto'
import { OrderRow } from './order-row'

const order = (extra: Partial<AdminOrderDto> = {}): AdminOrderDto => ({
  id: 'ORD-12345',
  businessName: 'Corner Café',
  email: 'cafe@example.com',
  type: 'calendar_day',
  date: '2034-03-09',
  iconName: null,
  iconSize: null,
  unitPrice: 120,
  units: null,
  description: null,
  amount: 110,
  status: 'paid',
  source: 'checkout',
  paidOnline: true,
  createdAt: '2034-01-01T12:00:00.000Z',
  refund: null,
  deletedAt: null,
  deletedBy: null,
  history: [],
  ...extra,
})

function renderRow(o: AdminOrderDto) {
  const handlers = { onSelect: vi.fn(), onToggleDetails: vi.fn(), onStatusChange: vi.fn(), onDelete: vi.fn() }
  render(
    <table>
      <tbody>
        <OrderRow order={o} isSelected={false} isExpanded={true} {...handlers} />
      </tbody>
    </table>,
  )
  return handlers
}

afterEach(cleanup)

describe('OrderRow', () => {
  it('shows the date the order bought and its unit price when bought', () => {
    renderRow(order())
    expect(screen.getByText('Thursday, March 9, 2034')).toBeTruthy()
    expect(screen.getByText(/Unit price when bought:/).parentElement?.textContent).toContain('$120')
  })

  it("reads 'refund pending' while the server still owes a refund", () => {
    renderRow(order({ status: 'refunded', refund: 'pending' }))
    expect(screen.getByText('refund pending')).toBeTruthy()
    expect(screen.getByText(/A refund of this payment is pending/)).toBeTruthy()
  })

  it('a deleted order shows who deleted it and offers no status change or delete', () => {
    const handlers = renderRow(
      order({ status: 'deleted', deletedAt: '2034-02-01T10:00:00.000Z', deletedBy: 'admin@example.com' }),
    )
    expect(screen.getByText('deleted')).toBeTruthy()
    expect(screen.getByText(/by admin@example.com/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Delete order ORD-12345' })).toBeNull()
    expect(screen.queryByRole('combobox', { name: 'Status of order ORD-12345' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Details of order ORD-12345' }))
    expect(handlers.onToggleDetails).toHaveBeenCalledOnce()
  })
})

import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { ProductionLineDto } from '#shared/artwork.ts'
import { type ArtworkLineActions, ArtworkTable } from './artwork-table'

const line = (orderId: string, extra: Partial<ProductionLineDto> = {}): ProductionLineDto => ({
  orderId,
  kind: 'day',
  label: `Calendar day: ${orderId}`,
  date: '2033-03-05',
  iconName: null,
  iconSize: null,
  mailingMonth: '2033-03',
  state: 'received',
  ownerNote: null,
  file: {
    name: 'logo.png',
    contentType: 'image/png',
    sizeBytes: 250_000,
    uploadedAt: '2033-02-10T15:00:00.000Z',
    url: `/api/admin/artwork/${orderId}/file`,
    thumbnailUrl: null,
  },
  printCheck: null,
  printSize: { widthInches: 1, heightInches: 1 },
  canUpload: true,
  link: null,
  businessName: `Business ${orderId}`,
  email: `${orderId}@example.com`,
  orderStatus: 'paid',
  source: 'checkout',
  artworkUrl: `/artwork/token-${orderId}`,
  reviewedAt: null,
  reviewedBy: null,
  advertiserApproval: { state: 'waiting', note: null, decidedAt: null },
  ...extra,
})

const none = () => {}
const actions: ArtworkLineActions = {
  onApprove: none,
  onRequestChanges: none,
  onCopyLink: none,
  onEmailLink: none,
  approvingId: null,
  emailingId: null,
}

afterEach(cleanup)

describe('ArtworkTable', () => {
  it('marks a file the buyer sent again after a review, and only that one', () => {
    const reviewed = { reviewedAt: '2033-02-09T15:00:00.000Z', reviewedBy: 'owner@example.com' }
    render(
      <ArtworkTable
        monthLabel="March 2033"
        actions={actions}
        lines={[
          line('ORD-10001'),
          line('ORD-10002', reviewed),
          line('ORD-10003', { ...reviewed, state: 'approved' }),
          line('ORD-10004', { ...reviewed, state: 'changes_requested', ownerNote: 'Bigger, please.' }),
        ]}
      />,
    )
    const marked = screen
      .getAllByText('Re-uploaded — review again')
      .map((badge) => within(badge.closest('tr') as HTMLElement).getByRole('rowheader').textContent)
    expect(marked).toEqual(['Calendar day: ORD-10002Prints at 1 × 1 in'])
  })

  it("shows the advertiser's approval beside the owner's state, a long change request in full on demand", () => {
    const long = `Please move the logo to the left and use our new phone number. ${'More detail. '.repeat(10)}`
    render(
      <ArtworkTable
        monthLabel="March 2033"
        actions={actions}
        lines={[
          line('ORD-20001'),
          line('ORD-20002', {
            advertiserApproval: { state: 'approved', note: null, decidedAt: '2033-02-11T15:00:00.000Z' },
          }),
          line('ORD-20003', {
            advertiserApproval: {
              state: 'changes_requested',
              note: 'Bigger logo',
              decidedAt: '2033-02-11T15:00:00.000Z',
            },
          }),
          line('ORD-20004', {
            advertiserApproval: {
              state: 'changes_requested',
              note: long,
              decidedAt: '2033-02-11T15:00:00.000Z',
            },
          }),
        ]}
      />,
    )
    expect(screen.getByRole('columnheader', { name: 'Advertiser' })).toBeTruthy()
    const cellOf = (orderId: string) => {
      const row = screen.getByRole('rowheader', { name: new RegExp(orderId) }).closest('tr') as HTMLElement
      const index = screen.getAllByRole('columnheader').findIndex((h) => h.textContent === 'Advertiser')
      return within(row).getAllByRole('cell')[index - 1] as HTMLElement
    }
    expect(cellOf('ORD-20001').textContent).toBe('Waiting')
    expect(cellOf('ORD-20002').textContent).toBe('Approved')
    expect(cellOf('ORD-20003').textContent).toBe('Change requested: Bigger logo')
    const longCell = cellOf('ORD-20004')
    expect(within(longCell).getByText(/^Change requested: Please move the logo.*…$/)).toBeTruthy()
    expect(longCell.querySelector('details p')?.textContent).toBe(long)
  })
})

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, renderWithQueries, stubFetchForEachTest } from '#client/test/admin-test-helpers.tsx'
import type { AdminCalendarDayDto, HeldDayDto } from '#shared/admin-dto.ts'
import { adminDateRangeMessage } from '#shared/calendar-admin.ts'
import { CalendarManagement } from './calendar-management'

/** Inside the admin month navigator. */
const YEAR = new Date().getUTCFullYear() + 1

const day = (id: string, date: string, extra: Partial<AdminCalendarDayDto> = {}): AdminCalendarDayDto => ({
  id,
  date,
  status: 'available',
  businessName: null,
  price: 120,
  ...extra,
})
// What the server answered for the view (its filters applied): day d2 is not among them.
const shown = [
  day('d1', '2032-12-01', { status: 'reserved', businessName: 'Bob Hardware' }),
  day('d3', '2032-12-03'),
  day('d4', '2032-12-04'),
]
const bob: HeldDayDto = { id: 'd1', date: '2032-12-01', businessName: 'Bob Hardware', orderStatus: 'paid' }

describe('CalendarManagement bulk actions and range', () => {
  const fetchMock = stubFetchForEachTest(async (url: string, init?: RequestInit) => {
    // No mailing on sale: the calendar opens on the current month.
    if (url.endsWith('/api/mailings')) return json({ open: [], concluded: null })
    if ((init?.method ?? 'GET') === 'GET') return json({ days: shown })
    if (url.endsWith('/bulk-price')) return json({ updated: 2, skipped: [bob] })
    if (url.endsWith('/bulk-delete')) return json({ deleted: 2, skipped: [bob] })
    if (url.endsWith('/initialize') || url.endsWith('/initialize?dryRun=1'))
      return json({
        created: 1,
        updated: 3,
        skipped: [bob, { ...bob, id: 'd2', date: '2032-12-02', businessName: 'Holding Co' }],
      })
    return json({ error: { code: 'x', message: 'no' } }, 500)
  })
  const posted = (path: string) =>
    fetchMock.mock.calls
      .filter(([url, init]) => String(url).endsWith(path) && init?.method === 'POST')
      .map(([, init]) => JSON.parse(String(init?.body)))

  async function renderScreen() {
    renderWithQueries(<CalendarManagement />)
    await screen.findByText('Bob Hardware')
  }

  async function chooseBulk(item: string) {
    const trigger = screen.getByRole('button', { name: 'Bulk Actions' })
    fireEvent.keyDown(trigger, { key: 'Enter' })
    fireEvent.click(await screen.findByRole('menuitem', { name: item }))
    return screen.findByRole('alertdialog')
  }

  it('asks to price exactly the days shown, sends their ids and lists the days an order kept', async () => {
    await renderScreen()
    const dialog = await chooseBulk('Set Price for All Days')
    expect(dialog.textContent).toContain('Set the price of 3 days shown to $120?')
    fireEvent.change(within(dialog).getByLabelText('New Price'), { target: { value: '99.5' } })
    expect(dialog.textContent).toContain('Set the price of 3 days shown to $99.50?')
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Update Prices' }))
    })
    await waitFor(() => expect(posted('/bulk-price')).toEqual([{ ids: ['d1', 'd3', 'd4'], price: 99.5 }]))
    expect(
      await screen.findByText(
        'Updated the price of 2 days. 1 sold or held day was left unchanged: Dec 1 (Bob Hardware).',
      ),
    ).toBeTruthy()
  })

  it('asks to delete exactly the days shown and lists the days an order kept', async () => {
    await renderScreen()
    const dialog = await chooseBulk('Delete All Days')
    expect(dialog.textContent).toContain('Delete 3 days shown?')
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete All' }))
    })
    await waitFor(() => expect(posted('/bulk-delete')).toEqual([{ ids: ['d1', 'd3', 'd4'] }]))
    expect(
      await screen.findByText('Deleted 2 days. 1 sold or held day was left unchanged: Dec 1 (Bob Hardware).'),
    ).toBeTruthy()
  })

  async function submitRange(startDate: string, endDate: string) {
    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: startDate } })
    fireEvent.change(screen.getByLabelText('End Date'), { target: { value: endDate } })
    await act(async () => {
      fireEvent.submit(
        screen.getByRole('button', { name: 'Initialize Days' }).closest('form') as HTMLFormElement,
      )
    })
  }

  it('confirms what Initialize Date Range will do, then says which days it left unchanged', async () => {
    await renderScreen()
    await submitRange(`${YEAR}-12-01`, `${YEAR}-12-05`)
    const dialog = await screen.findByRole('alertdialog')
    expect(posted('/initialize?dryRun=1')).toEqual([
      { startDate: `${YEAR}-12-01`, endDate: `${YEAR}-12-05`, price: 120 },
    ])
    expect(posted('/initialize')).toEqual([])
    expect(dialog.textContent).toContain(
      '1 day will be created at $120. 3 existing days will be made available at $120. 2 sold or held days are left alone.',
    )
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Initialize Days' }))
    })
    await waitFor(() => expect(posted('/initialize')).toHaveLength(1))
    expect(
      await screen.findByText(
        '1 day created and 3 days updated. 2 sold or held days were left unchanged: Dec 1 (Bob Hardware), Dec 2 (Holding Co).',
      ),
    ).toBeTruthy()
  })

  it('refuses dates outside the month navigator under the fields, asking and sending nothing', async () => {
    await renderScreen()
    await submitRange('2022-12-31', '2023-01-02')
    expect(screen.getByText(adminDateRangeMessage())).toBeTruthy()
    expect(screen.getByLabelText('Start Date').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByLabelText('End Date').getAttribute('aria-invalid')).toBeNull()
    expect(document.activeElement).toBe(screen.getByLabelText('Start Date'))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(posted('/initialize?dryRun=1')).toEqual([])
  })
})

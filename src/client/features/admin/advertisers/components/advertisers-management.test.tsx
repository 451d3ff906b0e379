import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, renderWithQueries, stubFetchForEachTest } from '#client/test/admin-test-helpers.tsx'
import type { AdvertiserDetailDto, AdvertiserRowDto, AdvertisersPageDto } from '#shared/admin-advertisers.ts'
import { AdvertisersManagement } from './advertisers-management'

const CAFE_ID = '11111111-1111-4111-8111-111111111111'
const ASKER_ID = '22222222-2222-4222-8222-222222222222'
const DUPLICATE_ID = '33333333-3333-4333-8333-333333333333'

const row = (id: string, extra: Partial<AdvertiserRowDto> = {}): AdvertiserRowDto => ({
  id,
  businessName: 'Corner Café',
  email: 'cafe@corner.test',
  mailingsBooked: 3,
  lastMailing: '2027-03',
  lifetimePaid: 340,
  artworkOnFile: 2,
  ...extra,
})

const cafe = row(CAFE_ID)
const asker = row(ASKER_ID, {
  businessName: null,
  email: 'asker@inquiry.test',
  mailingsBooked: 0,
  lastMailing: null,
  lifetimePaid: 0,
  artworkOnFile: 0,
})
const duplicate = row(DUPLICATE_ID, { businessName: 'Corner Cafe', email: 'orders@corner.test' })

const detail: AdvertiserDetailDto = {
  id: CAFE_ID,
  businessName: 'Corner Café',
  email: 'cafe@corner.test',
  phone: null,
  website: null,
  marketingConsent: false,
  notes: 'Prefers mornings.',
  createdAt: '2027-01-01T12:00:00.000Z',
  businessNames: ['Corner Cafe', 'Corner Café'],
  purchaseCount: 2,
  mailingsBooked: 3,
  firstMailing: '2027-01',
  lastMailing: '2027-03',
  lifetimePaid: 340,
  addresses: [{ email: 'cafe@corner.test', createdAt: '2027-01-01T12:00:00.000Z' }],
  mailings: [
    {
      month: '2027-03',
      purchases: [
        {
          id: 'cs_cafe',
          reference: 'P-100042',
          createdAt: '2027-01-10T10:00:00.000Z',
          state: 'paid',
          source: 'checkout',
          total: 340,
          paid: 340,
          otherMailings: [],
          lines: [
            {
              id: 'ORD-1',
              type: 'calendar_day',
              date: '2027-03-09',
              iconName: null,
              iconSize: null,
              description: null,
              units: null,
              amount: 120,
              status: 'paid',
              artwork: 'approved',
            },
          ],
        },
      ],
    },
    {
      month: null,
      purchases: [
        {
          id: 'cs_special',
          reference: 'P-100050',
          createdAt: '2027-01-12T10:00:00.000Z',
          state: 'pending',
          source: 'checkout',
          total: 500,
          paid: 0,
          otherMailings: [],
          lines: [
            {
              id: 'ORD-2',
              type: 'special_purchase',
              date: null,
              iconName: null,
              iconSize: null,
              description: 'Back cover',
              units: 1,
              amount: 500,
              status: 'pending',
              artwork: null,
            },
          ],
        },
      ],
    },
  ],
  purchaseNotes: [
    {
      id: 'n1',
      purchaseId: 'cs_cafe',
      reference: 'P-100042',
      body: 'Wants the corner spot',
      by: 'admin@example.com',
      createdAt: '2027-01-11T09:00:00.000Z',
    },
  ],
  emailsSent: [
    {
      id: 'e1',
      subject: 'Your Townflyer order',
      kind: 'order_confirmation',
      to: 'cafe@corner.test',
      state: 'sent',
      createdAt: '2027-01-10T10:00:00.000Z',
      sentAt: '2027-01-10T10:01:00.000Z',
    },
  ],
}

const page = (advertisers: AdvertiserRowDto[], extra: Partial<AdvertisersPageDto> = {}) =>
  json({ advertisers, total: advertisers.length, page: 1, pageSize: 25, ...extra })

const fetchMock = stubFetchForEachTest(async (url, init) => {
  const { pathname, searchParams } = new URL(url, 'http://x')
  if (pathname === '/api/admin/advertisers') {
    const q = searchParams.get('q')
    if (q === 'nobody') return page([])
    if (q === 'corner') return page([cafe, duplicate])
    if (q === 'empty') return page([])
    return page([cafe, asker], { total: 30, page: Number(searchParams.get('page')) })
  }
  if (pathname === `/api/admin/advertisers/${CAFE_ID}` && init?.method === 'PATCH') {
    const body = JSON.parse(String(init.body))
    if (body.website === 'https://taken.example.com')
      return json(
        {
          error: {
            code: 'validation_failed',
            message: 'Some fields are missing or invalid.',
            fields: { website: ['That website is refused.'] },
          },
        },
        422,
      )
    return json({ ...detail, ...body })
  }
  if (pathname === `/api/admin/advertisers/${CAFE_ID}/merge` && init?.method === 'POST')
    return json({
      ...detail,
      addresses: [...detail.addresses, { email: 'orders@corner.test', createdAt: '' }],
    })
  if (pathname === `/api/admin/advertisers/${CAFE_ID}`) return json(detail)
  return json({ error: { code: 'not_found', message: 'No route' } }, 404)
})

const listCalls = () =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/admin/advertisers?'))
const lastParams = () => new URL(listCalls().at(-1) as string, 'http://x').searchParams

async function openCafe() {
  renderWithQueries(<AdvertisersManagement />)
  const button = await screen.findByRole('button', { name: 'Corner Café' })
  button.focus()
  fireEvent.click(button)
  const drawer = await screen.findByRole('dialog', { name: 'Corner Café' })
  await within(drawer).findByText('P-100042')
  return { button, drawer }
}

describe('AdvertisersManagement', () => {
  it('lists the advertisers: name (or address), e-mail, mailings, last mailing as a month, paid, artwork', async () => {
    renderWithQueries(<AdvertisersManagement />)
    const table = await screen.findByRole('region', { name: 'Advertisers' })
    const cafeRow = within(table).getByRole('rowheader', { name: 'Corner Café' }).closest('tr') as HTMLElement
    expect(
      within(cafeRow)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['cafe@corner.test', '3', 'March 2027', '$340', '2'])
    const askerRow = within(table)
      .getByRole('rowheader', { name: 'asker@inquiry.test' })
      .closest('tr') as HTMLElement
    expect(within(askerRow).getByText('—')).toBeTruthy()
    expect(screen.getByText(/Showing 1–25 of 30/)).toBeTruthy()
    expect(lastParams().toString()).toBe('sort=lastMailing&dir=desc&page=1&pageSize=25')
  })

  it('searches once typing pauses, from the first page, and says when nothing matches', async () => {
    renderWithQueries(<AdvertisersManagement />)
    await screen.findByRole('region', { name: 'Advertisers' })
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(lastParams().get('page')).toBe('2'))
    const search = screen.getByLabelText('Search by name or e-mail')
    fireEvent.change(search, { target: { value: 'no' } })
    fireEvent.change(search, { target: { value: ' nobody ' } })
    expect(await screen.findByText('No advertisers match your search.')).toBeTruthy()
    expect(listCalls().filter((u) => u.includes('q='))).toEqual([
      '/api/admin/advertisers?q=nobody&sort=lastMailing&dir=desc&page=1&pageSize=25',
    ])
  })

  it('sorts by lifetime paid on the server', async () => {
    renderWithQueries(<AdvertisersManagement />)
    await screen.findByRole('region', { name: 'Advertisers' })
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Sort by' }), { key: 'Enter' })
    fireEvent.click(await screen.findByRole('option', { name: 'Lifetime paid, highest first' }))
    await waitFor(() => expect(lastParams().get('sort')).toBe('lifetimePaid'))
    expect(lastParams().get('dir')).toBe('desc')
  })

  it('the drawer: focus moves in, purchases by mailing, notes and e-mails; focus comes back on close', async () => {
    const { button, drawer } = await openCafe()
    await waitFor(() => expect(drawer.contains(document.activeElement)).toBe(true))
    const purchases = within(drawer).getByRole('region', { name: 'Purchases by Mailing' })
    expect([...purchases.querySelectorAll('h4')].map((h) => h.textContent)).toEqual([
      'March 2027 mailing',
      'No mailing',
    ])
    expect(within(purchases).getByText('Calendar day Tuesday, March 9, 2027')).toBeTruthy()
    expect(within(purchases).getByText(/Artwork: Approved/)).toBeTruthy()
    expect(within(purchases).getByText('Special purchase: Back cover')).toBeTruthy()
    expect(within(purchases).getByText(/Artwork: none/)).toBeTruthy()
    const notes = within(drawer).getByRole('region', { name: 'Notes' })
    expect(within(notes).getByText('Prefers mornings.')).toBeTruthy()
    expect(within(notes).getByText('Wants the corner spot')).toBeTruthy()
    expect(within(notes).getByText(/On P-100042: admin@example.com/)).toBeTruthy()
    expect(
      within(within(drawer).getByRole('region', { name: 'E-mails Sent' })).getByText('Your Townflyer order'),
    ).toBeTruthy()

    fireEvent.keyDown(drawer, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.activeElement).toBe(button)
  })

  it('edits with the shared schema: a bad website is refused before sending, a good save says so', async () => {
    const { drawer } = await openCafe()
    const form = within(within(drawer).getByRole('region', { name: 'Edit Details' }))
    fireEvent.change(form.getByLabelText('Website (optional)'), { target: { value: 'corner.example.com' } })
    fireEvent.click(form.getByRole('button', { name: 'Save Details' }))
    expect(
      await form.findByText('Enter the website as a full address, starting with http:// or https://.'),
    ).toBeTruthy()
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false)

    fireEvent.change(form.getByLabelText('Website (optional)'), {
      target: { value: 'https://taken.example.com' },
    })
    fireEvent.click(form.getByRole('button', { name: 'Save Details' }))
    expect(await form.findByText('That website is refused.')).toBeTruthy()

    fireEvent.change(form.getByLabelText('Website (optional)'), {
      target: { value: 'https://corner.example.com' },
    })
    fireEvent.change(form.getByLabelText('Phone (optional)'), { target: { value: '555-0100' } })
    fireEvent.click(form.getByRole('checkbox', { name: 'Agrees to marketing e-mails' }))
    fireEvent.click(form.getByRole('button', { name: 'Save Details' }))
    expect(await screen.findAllByText('Advertiser Saved')).not.toHaveLength(0)
    const patch = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH').at(-1)
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
      businessName: 'Corner Café',
      phone: '555-0100',
      website: 'https://corner.example.com',
      marketingConsent: true,
      notes: 'Prefers mornings.',
    })
  })

  it('merges a duplicate found by searching, after a confirmation that says what happens', async () => {
    const { drawer } = await openCafe()
    const merge = within(
      within(drawer).getByRole('region', { name: 'Merge Another Advertiser Into This One' }),
    )
    expect((merge.getByRole('button', { name: 'Merge' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.change(merge.getByLabelText('Find an advertiser by name or e-mail'), {
      target: { value: 'corner' },
    })
    const found = await merge.findByRole('list', { name: 'Advertisers found' })
    // The open advertiser is not offered.
    expect(
      within(found)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Corner Cafe (orders@corner.test)'])
    fireEvent.click(within(found).getByRole('button', { name: 'Corner Cafe (orders@corner.test)' }))
    fireEvent.click(merge.getByRole('button', { name: 'Merge Corner Cafe into this advertiser' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Merge Advertisers' })
    expect(confirm.textContent).toContain(
      'Move every purchase, inquiry and address of Corner Cafe (orders@corner.test) to Corner Café (cafe@corner.test), then remove Corner Cafe (orders@corner.test).',
    )
    fireEvent.click(within(confirm).getByRole('button', { name: 'Merge' }))
    expect(await screen.findAllByText('Advertisers Merged')).not.toHaveLength(0)
    await waitFor(() =>
      expect(document.activeElement).toBe(merge.getByLabelText('Find an advertiser by name or e-mail')),
    )
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')
    expect(String(post?.[0])).toBe(`/api/admin/advertisers/${CAFE_ID}/merge`)
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ fromId: DUPLICATE_ID })
  })

  it('says when there are no advertisers yet', async () => {
    fetchMock.mockImplementationOnce(async () => page([]))
    renderWithQueries(<AdvertisersManagement />)
    expect(await screen.findByText('No advertisers yet.')).toBeTruthy()
  })
})

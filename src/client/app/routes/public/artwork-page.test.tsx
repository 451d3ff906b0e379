import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Toaster } from '#client/components/ui/toaster.tsx'
import { resetToasts } from '#client/components/ui/use-toast.ts'
import {
  ARTWORK_LINK_NOT_FOUND,
  ARTWORK_NO_FILE_MESSAGE,
  ARTWORK_SVG_MESSAGE,
  ARTWORK_TOO_LARGE_MESSAGE,
  type ArtworkLineDto,
  type ArtworkPageResponse,
  MAX_ARTWORK_BYTES,
  type PrintCheck,
} from '#shared/artwork.ts'
import type { OrdersBySessionResponse } from '#shared/checkout.ts'
import { ArtworkPage } from './artwork-page'
import { ThankYouPage } from './thank-you-page'

const TOKEN = 'tok_abc123'
const DAY = 'Calendar day: Tuesday, January 5, 2027'
const ICON = 'Map icon: Premium Icon'
const PAST_DAY = 'Calendar day: Friday, December 4, 2026'
const JANUARY_DUE = 'Friday, December 18, 2026 at 5:00 PM'

function printCheck(level: PrintCheck['level'], messages: string[]): PrintCheck {
  return {
    level,
    printSize: { widthInches: 0.75, heightInches: 0.75 },
    requiredDpi: 300,
    minWidthPx: 225,
    minHeightPx: 225,
    widthPx: 150,
    heightPx: 150,
    effectiveDpi: 200,
    pageWidthInches: null,
    pageHeightInches: null,
    pageCount: null,
    fileAspect: 1,
    slotAspect: 1,
    aspectMismatch: false,
    messages,
  }
}

const LOW_RES = [
  'This image is 150 × 150 pixels: at 0.75 × 0.75 in it prints at 200 dots per inch, and may look blurry.',
  'For a sharp print, upload an image of at least 225 × 225 pixels, or a PDF.',
]

function line(overrides: Partial<ArtworkLineDto>): ArtworkLineDto {
  return {
    orderId: 'order-day',
    kind: 'day',
    label: DAY,
    date: '2027-01-05',
    iconName: null,
    iconSize: null,
    mailingMonth: '2027-01',
    state: 'missing',
    ownerNote: null,
    file: null,
    printCheck: null,
    printSize: { widthInches: 1, heightInches: 1 },
    canUpload: true,
    link: null,
    ...overrides,
  }
}

const dayLine = line({})
const iconLine = line({
  orderId: 'order-icon',
  kind: 'icon',
  label: ICON,
  date: null,
  iconName: 'Premium Icon',
  iconSize: 'large',
  state: 'changes_requested',
  ownerNote: 'Please send your logo without the photo behind it.',
  file: {
    name: 'bakery-logo.png',
    contentType: 'image/png',
    sizeBytes: 48 * 1024,
    uploadedAt: '2026-11-30T15:00:00.000Z',
    url: `/api/artwork/${TOKEN}/files/order-icon`,
    thumbnailUrl: `/api/artwork/${TOKEN}/files/order-icon/thumbnail.png`,
  },
  printCheck: printCheck('warning', LOW_RES),
  printSize: { widthInches: 0.75, heightInches: 0.75 },
})
const pastLine = line({
  orderId: 'order-past',
  label: PAST_DAY,
  date: '2026-12-04',
  mailingMonth: '2026-12',
  state: 'approved',
  file: {
    name: 'december-ad.pdf',
    contentType: 'application/pdf',
    sizeBytes: 2.5 * 1024 * 1024,
    uploadedAt: '2026-11-01T15:00:00.000Z',
    url: `/api/artwork/${TOKEN}/files/order-past`,
    thumbnailUrl: null,
  },
  printCheck: printCheck('ok', ['This PDF is ready to print.', 'Nothing to change.']),
  canUpload: false,
})

const artworkPage: ArtworkPageResponse = {
  businessName: 'Harbor Bakery',
  dpi: 300,
  mailings: [
    {
      month: '2026-12',
      label: 'December 2026',
      artworkDueAt: '2026-11-20T23:00:00.000Z',
      artworkDueText: 'Friday, November 20, 2026 at 5:00 PM',
      isOpenForArtwork: false,
    },
    {
      month: '2027-01',
      label: 'January 2027',
      artworkDueAt: '2026-12-18T23:00:00.000Z',
      artworkDueText: JANUARY_DUE,
      isOpenForArtwork: true,
    },
  ],
  lines: [dayLine, iconLine, pastLine],
}

/** The page after the day line's upload: received, with a good print check. */
const afterDayUpload: ArtworkPageResponse = {
  ...artworkPage,
  lines: [
    {
      ...dayLine,
      state: 'received',
      file: {
        name: 'new-logo.png',
        contentType: 'image/png',
        sizeBytes: 48 * 1024,
        uploadedAt: '2026-12-01T15:00:00.000Z',
        url: '/f/new',
        thumbnailUrl: '/f/new.png',
      },
      printCheck: printCheck('ok', ['This image will print sharp at 1 × 1 in.']),
    },
    iconLine,
    pastLine,
  ],
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

function apiError(status: number, code: string, message: string, fields?: Record<string, string[]>) {
  return json({ error: { code, message, fields } }, status)
}

let pageAnswer: () => Response
let uploadAnswer: () => Promise<Response> | Response
const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
  const url = String(input)
  if (url === `/api/artwork/${TOKEN}`) return pageAnswer()
  if (url === `/api/artwork/${TOKEN}/upload`) return uploadAnswer()
  return apiError(404, 'NOT_FOUND', 'Not found')
})

function uploadCalls() {
  return fetchMock.mock.calls
    .filter(([url]) => String(url) === `/api/artwork/${TOKEN}/upload`)
    .map(([, init]) => {
      const body = init?.body as FormData
      return { method: init?.method, file: body.get('file'), orderIds: body.getAll('orderId') }
    })
}

function renderPage(token = TOKEN) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/artwork/${token}`]}>
        <Routes>
          <Route path="/artwork/:token" element={<ArtworkPage />} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  )
}

function pngFile(name = 'new-logo.png', size?: number) {
  const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' })
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size })
  return file
}

function choose(label: string, file: File) {
  fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } })
}

async function click(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }))
  })
}

function mailingSection(name: string) {
  return screen.getByRole('heading', { level: 2, name }).closest('section') as HTMLElement
}

beforeEach(() => {
  resetToasts()
  fetchMock.mockClear()
  pageAnswer = () => json(artworkPage)
  uploadAnswer = () => json(afterDayUpload)
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  resetToasts()
})

describe('ArtworkPage', () => {
  it('shows each mailing with its deadline and lines: sizes, states, notes, files and print checks', async () => {
    renderPage()
    expect(
      await screen.findByText('Upload your logo or ad for each item below, for Harbor Bakery.'),
    ).toBeTruthy()
    expect(document.title).toBe('Your Artwork | Townflyer')
    expect(screen.getByRole('heading', { level: 1, name: 'Your Artwork' })).toBeTruthy()
    expect(
      screen.getByText(
        'PNG, JPEG or PDF, up to 20 MB. For a sharp print, images need 300 dots per inch at their printed size.',
      ),
    ).toBeTruthy()
    // In the order of `mailings`, the "one file" section first.
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'One file for everything',
      'December 2026 mailing',
      'January 2027 mailing',
    ])

    const january = within(mailingSection('January 2027 mailing'))
    expect(january.getByText(`Artwork due ${JANUARY_DUE}.`)).toBeTruthy()
    expect(january.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([DAY, ICON])
    const day = within(january.getByRole('heading', { name: DAY }).closest('li') as HTMLElement)
    expect(day.getByText('Prints at 1 × 1 in')).toBeTruthy()
    expect(day.getByText('Missing')).toBeTruthy()
    expect(day.getByRole('button', { name: `Upload a file for ${DAY}` })).toBeTruthy()
    expect(day.getByLabelText(`Choose a file for ${DAY}`)).toBeTruthy()

    const icon = within(january.getByRole('heading', { name: ICON }).closest('li') as HTMLElement)
    expect(icon.getByText('Prints at 0.75 × 0.75 in')).toBeTruthy()
    expect(icon.getByText('Changes requested')).toBeTruthy()
    expect(icon.getByText('Requested changes:').parentElement?.textContent).toBe(
      'Requested changes: Please send your logo without the photo behind it.',
    )
    const thumbnail = icon.getByRole('img', { name: `Current artwork for ${ICON}` })
    expect(thumbnail.getAttribute('src')).toBe(iconLine.file?.thumbnailUrl)
    expect(
      icon
        .getByRole('link', { name: `Open the original file for ${ICON} (opens in a new tab)` })
        .getAttribute('href'),
    ).toBe(iconLine.file?.url)
    expect(icon.getByRole('heading', { level: 4, name: 'Print check' })).toBeTruthy()
    for (const message of LOW_RES) expect(icon.getByText(message)).toBeTruthy()
    expect(icon.getByRole('button', { name: `Replace file for ${ICON}` })).toBeTruthy()

    // The passed deadline: its text, the approved PDF and its good print check, no way to upload.
    const december = mailingSection('December 2026 mailing')
    expect(december.textContent).toContain(
      'The artwork deadline for this mailing has passed. To change your artwork, please contact us at hello@townflyer.example.',
    )
    const past = within(december)
    expect(past.getByText('Approved')).toBeTruthy()
    expect(past.getByText('december-ad.pdf')).toBeTruthy()
    expect(
      past.getByRole('link', { name: `Download the original file for ${PAST_DAY}` }).getAttribute('href'),
    ).toBe(pastLine.file?.url)
    expect(past.queryByRole('img')).toBeNull()
    expect(past.getByText('This PDF is ready to print.')).toBeTruthy()
    expect(past.queryByText('Nothing to change.')).toBeNull()
    expect(december.querySelector('input[type="file"]')).toBeNull()
    expect(past.queryByRole('button')).toBeNull()
    expect(past.queryByText(/Artwork due/)).toBeNull()
  })

  it('uploads a file for one line: FormData with the file and its orderId, then the new state in focus', async () => {
    let release: (response: Response) => void = () => {}
    uploadAnswer = () =>
      new Promise((resolve) => {
        release = resolve
      })
    renderPage()
    await screen.findByRole('heading', { name: DAY })
    const file = pngFile()
    choose(`Choose a file for ${DAY}`, file)
    await click(`Upload a file for ${DAY}`)

    const pending = screen.getByRole('button', { name: 'Uploading...' }) as HTMLButtonElement
    expect(pending.disabled).toBe(true)
    expect(uploadCalls()).toEqual([{ method: 'POST', file, orderIds: ['order-day'] }])

    await act(async () => release(json(afterDayUpload)))
    expect(await screen.findByText('Artwork uploaded')).toBeTruthy()
    const status = document.getElementById('artwork-status-order-day') as HTMLElement
    expect(document.activeElement).toBe(status)
    expect(within(status).getByText('Received')).toBeTruthy()
    expect(within(status).getByText('This image will print sharp at 1 × 1 in.')).toBeTruthy()
    expect(within(status).getByRole('img', { name: `Current artwork for ${DAY}` })).toBeTruthy()
    expect((screen.getByLabelText(`Choose a new file for ${DAY}`) as HTMLInputElement).value).toBe('')
    expect(screen.getByRole('button', { name: `Replace file for ${DAY}` })).toBeTruthy()
  })

  it('sends one file for every line still open for artwork with "Use this file for all items"', async () => {
    renderPage()
    await screen.findByRole('heading', { name: 'One file for everything' })
    const file = pngFile('logo.png')
    choose('Choose one file for all items', file)
    await click('Use this file for all items')
    expect(uploadCalls()).toEqual([{ method: 'POST', file, orderIds: ['order-day', 'order-icon'] }])
    expect(await screen.findByText('Artwork uploaded')).toBeTruthy()
    expect(document.activeElement?.id).toBe('artwork-status-order-day')
  })

  it('offers no "one file" section when only one line can take an upload', async () => {
    pageAnswer = () => json({ ...artworkPage, lines: [dayLine, pastLine] })
    renderPage()
    await screen.findByRole('heading', { name: DAY })
    expect(screen.queryByRole('heading', { name: 'One file for everything' })).toBeNull()
  })

  it('says "no file" and "too large" next to the input without sending anything', async () => {
    renderPage()
    await screen.findByRole('heading', { name: DAY })
    const input = screen.getByLabelText(`Choose a file for ${DAY}`)
    await click(`Upload a file for ${DAY}`)
    const noFile = screen.getByText(ARTWORK_NO_FILE_MESSAGE)
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(input.getAttribute('aria-describedby')).toBe(noFile.id)
    expect(document.activeElement).toBe(input)

    choose(`Choose a file for ${DAY}`, pngFile('huge.png', MAX_ARTWORK_BYTES + 1))
    expect(screen.queryByText(ARTWORK_NO_FILE_MESSAGE)).toBeNull()
    await click(`Upload a file for ${DAY}`)
    expect(screen.getByText(ARTWORK_TOO_LARGE_MESSAGE).id).toBe(input.getAttribute('aria-describedby'))
    expect(uploadCalls()).toEqual([])
  })

  it("shows the server's refusal next to the input it concerns", async () => {
    uploadAnswer = () =>
      apiError(400, 'VALIDATION_ERROR', ARTWORK_SVG_MESSAGE, { file: [ARTWORK_SVG_MESSAGE] })
    renderPage()
    await screen.findByRole('heading', { name: ICON })
    choose(`Choose a new file for ${ICON}`, pngFile('logo.svg'))
    await click(`Replace file for ${ICON}`)
    const message = await screen.findByText(ARTWORK_SVG_MESSAGE)
    const input = screen.getByLabelText(`Choose a new file for ${ICON}`)
    expect(input.getAttribute('aria-describedby')).toBe(message.id)
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(uploadCalls()).toHaveLength(1)
    // The other line's input is untouched, and the page keeps its data.
    expect(screen.getByLabelText(`Choose a file for ${DAY}`).getAttribute('aria-invalid')).toBeNull()
    expect(screen.getByText('Changes requested')).toBeTruthy()
  })

  it('says the link is not valid on the page for an unknown token', async () => {
    pageAnswer = () => apiError(404, 'NOT_FOUND', ARTWORK_LINK_NOT_FOUND)
    renderPage('tok_unknown')
    expect(await screen.findByText(ARTWORK_LINK_NOT_FOUND)).toBeTruthy()
    expect(screen.getByRole('heading', { level: 1, name: 'Your Artwork' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
  })
})

describe('ThankYouPage artwork link', () => {
  const orders: OrdersBySessionResponse = {
    orders: [
      {
        id: 'order-day',
        type: 'calendar_day',
        date: '2027-01-05',
        iconName: null,
        description: null,
        units: null,
        amount: 100,
        status: 'paid',
      },
    ],
    totalAmount: 100,
  }

  function renderThankYou(answer: OrdersBySessionResponse) {
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/functions/get-orders-by-session'
        ? json(answer)
        : apiError(404, 'NOT_FOUND', 'x'),
    )
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/thank-you?session_id=cs_test_123']}>
          <Routes>
            <Route path="/thank-you" element={<ThankYouPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    )
  }

  afterEach(() => {
    fetchMock.mockReset()
  })

  it('links to the artwork page and says when each mailing’s artwork is due', async () => {
    renderThankYou({
      ...orders,
      artwork: {
        path: `/artwork/${TOKEN}`,
        mailings: [
          { month: '2027-01', label: 'January 2027', artworkDueText: JANUARY_DUE },
          { month: '2027-02', label: 'February 2027', artworkDueText: 'Friday, January 15, 2027 at 5:00 PM' },
        ],
      },
    })
    expect(await screen.findByText('Your order has been confirmed.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Upload your artwork' }).getAttribute('href')).toBe(
      `/artwork/${TOKEN}`,
    )
    expect(screen.getByText(`Artwork for the January 2027 mailing is due ${JANUARY_DUE}.`)).toBeTruthy()
    expect(
      screen.getByText('Artwork for the February 2027 mailing is due Friday, January 15, 2027 at 5:00 PM.'),
    ).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toBeTruthy()
  })

  it('shows no artwork link when the checkout bought nothing that needs artwork', async () => {
    renderThankYou({ ...orders, artwork: null })
    expect(await screen.findByText('Your order has been confirmed.')).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Upload your artwork' })).toBeNull()
    expect(screen.queryByText(/Artwork for the/)).toBeNull()
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toBeTruthy()
  })
})

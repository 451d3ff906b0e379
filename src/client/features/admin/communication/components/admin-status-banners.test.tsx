import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, renderWithQueries, stubFetchForEachTest } from '#client/test/admin-test-helpers.tsx'
import type { AdminStatusDto } from '#shared/admin-communication.ts'
import { AdminStatusBanners } from './admin-status-banners'

let status: AdminStatusDto

describe('AdminStatusBanners', () => {
  const fetchMock = stubFetchForEachTest(async (url: string) =>
    url === '/api/admin/status' ? json(status) : json({}, 500),
  )

  it('says plainly that e-mails are queued but not delivered, and that payments are in TEST MODE', async () => {
    status = { smtpConfigured: false, paymentsMode: 'test', queuedEmails: 3 }
    renderWithQueries(<AdminStatusBanners />)
    await waitFor(() => expect(screen.getAllByRole('status')).toHaveLength(2))
    const [smtp, payments] = screen.getAllByRole('status')
    expect(smtp?.textContent).toBe(
      'E-mail is not set up: e-mails are queued but not delivered. Set SMTP_URL to send them. 3 e-mails waiting in the outbox.',
    )
    expect(payments?.textContent).toContain('Payments are in TEST MODE: no card is charged.')
  })

  it('shows one banner when only payments are live, and none when both are set up', async () => {
    status = { smtpConfigured: false, paymentsMode: 'live', queuedEmails: 1 }
    const { unmount } = renderWithQueries(<AdminStatusBanners />)
    expect((await screen.findByRole('status')).textContent).toContain('1 e-mail waiting in the outbox.')
    expect(screen.queryByText(/TEST MODE/)).toBeNull()
    unmount()

    status = { smtpConfigured: true, paymentsMode: 'live', queuedEmails: 0 }
    renderWithQueries(<AdminStatusBanners />)
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2))
    expect(screen.queryByRole('status')).toBeNull()
  })
})

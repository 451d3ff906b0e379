import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, renderWithQueries, stubFetchForEachTest } from '#client/test/admin-test-helpers.tsx'
import { MessageAdvertisersDialog } from './message-advertisers-dialog'

describe('MessageAdvertisersDialog', () => {
  const fetchMock = stubFetchForEachTest(async (url: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body))
    if (url === '/api/admin/mailings/2033-01/message' && body.subject === 'Refused')
      return json(
        {
          error: {
            code: 'VALIDATION',
            message: 'Invalid',
            fields: { message: ['Use at most 5,000 characters.'] },
          },
        },
        422,
      )
    if (url === '/api/admin/mailings/2033-01/message') return json({ queued: 4, skipped: 1 })
    return json({ error: { code: 'x', message: 'no' } }, 500)
  })
  const sentBodies = () => fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)))

  let closed = 0
  const renderDialog = () => {
    closed = 0
    renderWithQueries(
      <MessageAdvertisersDialog
        month="2033-01"
        onClose={() => {
          closed++
        }}
      />,
    )
    return screen.getByRole('dialog', { name: 'E-mail Advertisers' })
  }

  it('says who gets it, asks for both fields, sends them and toasts the counts', async () => {
    const dialog = renderDialog()
    expect(dialog.textContent).toContain(
      'Every advertiser of the January 2033 mailing gets this e-mail once. Those who unsubscribed from announcements are skipped.',
    )
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }))
    })
    expect(await within(dialog).findByText('Enter a subject.')).toBeTruthy()
    expect(within(dialog).getByText('Write a message.')).toBeTruthy()
    expect(within(dialog).getByLabelText('Subject').getAttribute('aria-invalid')).toBe('true')
    expect(fetchMock).not.toHaveBeenCalled()

    fireEvent.change(within(dialog).getByLabelText('Subject'), { target: { value: '  Printer news ' } })
    fireEvent.change(within(dialog).getByLabelText('Message'), {
      target: { value: 'The June postcard is a day late.' },
    })
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }))
    })
    await waitFor(() =>
      expect(sentBodies()).toEqual([
        { subject: 'Printer news', message: 'The June postcard is a day late.' },
      ]),
    )
    expect(
      await screen.findByText('4 e-mails queued, 1 skipped (unsubscribed or already sent).'),
    ).toBeTruthy()
    expect(closed).toBe(1)
  })

  it('shows a refusal of the server under its field and stays open', async () => {
    const dialog = renderDialog()
    fireEvent.change(within(dialog).getByLabelText('Subject'), { target: { value: 'Refused' } })
    fireEvent.change(within(dialog).getByLabelText('Message'), { target: { value: 'Hi' } })
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }))
    })
    expect(await within(dialog).findByText('Use at most 5,000 characters.')).toBeTruthy()
    expect(within(dialog).getByLabelText('Message').getAttribute('aria-invalid')).toBe('true')
    expect(closed).toBe(0)
  })
})

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, renderWithQueries, stubFetchForEachTest } from '#client/test/admin-test-helpers.tsx'
import type { Administrator } from '#shared/team.ts'
import { AdministratorsSettings } from './administrators-settings'
import { ChangePasswordSettings } from './change-password-settings'

const you: Administrator = {
  id: 'u-you',
  email: 'you@example.com',
  name: 'You',
  addedAt: '2026-01-02T10:00:00.000Z',
  isYou: true,
  hasPassword: true,
}
const invited: Administrator = {
  id: 'u-new',
  email: 'new@example.com',
  name: 'Administrator',
  addedAt: '2026-02-03T10:00:00.000Z',
  isYou: false,
  hasPassword: false,
}

function bodyOf(init?: RequestInit) {
  return JSON.parse(String(init?.body ?? 'null'))
}

describe('Change password', () => {
  let answer = () => json({ token: null, user: you })
  const fetchMock = stubFetchForEachTest(async () => answer())

  function fill(current: string, next: string, confirm: string) {
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: current } })
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: next } })
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: confirm } })
  }

  it('checks the fields before sending anything', () => {
    renderWithQueries(<ChangePasswordSettings />)
    fill('', 'short', 'other')
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }))
    expect(screen.getByText('Enter your current password.')).toBeTruthy()
    expect(screen.getByText('Password must be at least 12 characters long.')).toBeTruthy()
    expect(screen.getByText('The two passwords are not the same.')).toBeTruthy()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('changes the password and says so', async () => {
    answer = () => json({ token: null, user: you })
    renderWithQueries(<ChangePasswordSettings />)
    fill('old-password-123', 'brand-new-password', 'brand-new-password')
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('Password changed')).toBeTruthy()
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/api/auth/change-password')
    expect(bodyOf(init)).toEqual({
      currentPassword: 'old-password-123',
      newPassword: 'brand-new-password',
      revokeOtherSessions: true,
    })
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('')
  })

  it('shows a wrong current password under its field', async () => {
    answer = () => json({ code: 'INVALID_PASSWORD', message: 'The current password is not correct.' }, 400)
    renderWithQueries(<ChangePasswordSettings />)
    fill('wrong-password', 'brand-new-password', 'brand-new-password')
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('The current password is not correct.')).toBeTruthy()
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true')
  })
})

describe('Administrators', () => {
  let team: Administrator[] = [you, invited]
  let removeAnswer = () => new Response(null, { status: 204 })
  const fetchMock = stubFetchForEachTest(async (url, init) => {
    const method = init?.method ?? 'GET'
    if (url === '/api/admin/team' && method === 'GET') return json({ administrators: team })
    if (url === '/api/admin/team' && method === 'POST') {
      const { email } = bodyOf(init)
      return json({ administrator: { ...invited, id: 'u-added', email }, invited: true }, 201)
    }
    if (method === 'DELETE') return removeAnswer()
    if (url.endsWith('/invitation')) return json({ administrator: invited })
    return json({ error: { code: 'not_found', message: 'nope' } }, 404)
  })

  it('lists the administrators with their status', async () => {
    team = [you, invited]
    renderWithQueries(<AdministratorsSettings />)
    const table = await screen.findByRole('table')
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(3)
    expect(within(rows[1] as HTMLElement).getByText('(you)')).toBeTruthy()
    expect(within(rows[1] as HTMLElement).getByText('Active')).toBeTruthy()
    expect(within(rows[2] as HTMLElement).getByText('Invitation pending')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Resend invitation to new@example.com' })).toBeTruthy()
  })

  it('adds an administrator by e-mail and tells you the invitation was sent', async () => {
    team = [you]
    renderWithQueries(<AdministratorsSettings />)
    await screen.findByRole('table')
    fireEvent.click(screen.getByRole('button', { name: 'Add administrator' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'not-an-email' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }))
    expect(await within(dialog).findByText('Enter a valid e-mail address.')).toBeTruthy()
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: ' Friend@Example.com ' } })
    fireEvent.change(within(dialog).getByLabelText('Name (optional)'), { target: { value: 'Friend' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }))
    expect(await screen.findByText('Invitation sent to friend@example.com')).toBeTruthy()
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')
    expect(bodyOf(post?.[1])).toEqual({ email: 'friend@example.com', name: 'Friend' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('offers no Remove when you are the only administrator', async () => {
    team = [you]
    renderWithQueries(<AdministratorsSettings />)
    await screen.findByRole('table')
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull()
  })

  it('removes an administrator after confirming, and shows a refusal from the server', async () => {
    team = [you, invited]
    removeAnswer = () => new Response(null, { status: 204 })
    renderWithQueries(<AdministratorsSettings />)
    await screen.findByRole('table')
    fireEvent.click(screen.getByRole('button', { name: 'Remove new@example.com' }))
    const confirm = await screen.findByRole('alertdialog')
    expect(within(confirm).getByText(/new@example.com will lose access/)).toBeTruthy()
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }))
    })
    expect(await screen.findByText('new@example.com is no longer an administrator')).toBeTruthy()
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === '/api/admin/team/u-new' && init?.method === 'DELETE',
      ),
    ).toBe(true)

    removeAnswer = () =>
      json({ error: { code: 'conflict', message: 'You cannot remove the last administrator.' } }, 409)
    fireEvent.click(screen.getByRole('button', { name: 'Remove new@example.com' }))
    await act(async () => {
      fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }))
    })
    expect(await screen.findByText('You cannot remove the last administrator.')).toBeTruthy()
  })
})

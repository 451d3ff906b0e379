import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Toaster } from '#client/components/ui/toaster.tsx'
import { resetToasts } from '#client/components/ui/use-toast.ts'
import { EmailWaitlistForm } from './email-waitlist-form'
import { MailingListForm } from './mailing-list-form'

function renderForm(form: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      {form}
      <Toaster />
    </QueryClientProvider>,
  )
}

/** Resolves once the validating form has replaced the stand-in (the Email input is a new element). */
async function validatingEmailInput(standIn: HTMLElement) {
  let input: HTMLElement | undefined
  await waitFor(() => {
    input = screen.getByLabelText('Email')
    expect(input).not.toBe(standIn)
  })
  return input as HTMLInputElement
}

/** A mouse click as the browser sends it: press, release, click. */
function click(element: HTMLElement) {
  fireEvent.pointerDown(element, { button: 0 })
  fireEvent.pointerUp(element, { button: 0 })
  fireEvent.click(element)
}

describe('the lazily validated public forms', () => {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 201 }))

  beforeEach(() => {
    resetToasts()
    fetchMock.mockClear()
    vi.stubGlobal('fetch', fetchMock)
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('draws the form before the validation code loads', () => {
    renderForm(<MailingListForm />)
    expect(screen.getByLabelText('Email')).toBeTruthy()
    expect(screen.getByLabelText('Name/Business')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Inquire' })).toBeTruthy()
  })

  it('keeps what the visitor typed, and the focus, when the validating form takes over', async () => {
    renderForm(<MailingListForm />)
    const standIn = screen.getByLabelText('Email') as HTMLInputElement
    act(() => standIn.focus())
    fireEvent.change(standIn, { target: { value: 'pat@example.com' } })
    fireEvent.change(screen.getByLabelText('Name/Business'), { target: { value: 'Corner Bakery' } })

    const email = await validatingEmailInput(standIn)
    expect(email.value).toBe('pat@example.com')
    expect((screen.getByLabelText('Name/Business') as HTMLInputElement).value).toBe('Corner Bakery')
    expect(document.activeElement).toBe(email)

    // The carried-over values are the form's values: they are what gets sent.
    click(screen.getByRole('button', { name: 'Inquire' }))
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/inquiries')
    expect(JSON.parse(String(init.body))).toEqual({
      type: 'mailing_list',
      email: 'pat@example.com',
      name: 'Corner Bakery',
    })
    expect((await screen.findAllByText('Thank You!')).length).toBeGreaterThan(0)
    await waitFor(() => expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(''))
  })

  it('carries out a submit made before the validation code loaded, with the toast texts', async () => {
    renderForm(<MailingListForm />)
    const standIn = screen.getByLabelText('Email')
    click(screen.getByRole('button', { name: 'Inquire' }))

    await validatingEmailInput(standIn)
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy()
    expect(screen.getByText('Please enter your name.')).toBeTruthy()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('the e-mail waitlist stores the address after an Enter pressed before its validation loaded, then thanks', async () => {
    renderForm(<EmailWaitlistForm />)
    const standIn = screen.getByLabelText('Email') as HTMLInputElement
    act(() => standIn.focus())
    fireEvent.change(standIn, { target: { value: 'five-k@example.com' } })
    fireEvent.submit(standIn.form as HTMLFormElement)

    expect(
      (await screen.findAllByText("Thank you! You've been added to our waitlist.")).length,
    ).toBeGreaterThan(0)
    await waitFor(() => expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(''))
    // Decision 010: stored as a waitlist entry without a name.
    expect(fetchMock).toHaveBeenCalledTimes(1)
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/inquiries')
    expect(JSON.parse(String(init.body))).toEqual({ type: 'waitlist', email: 'five-k@example.com' })
  })

  it('the e-mail waitlist shows its message for a bad address', async () => {
    renderForm(<EmailWaitlistForm />)
    const standIn = screen.getByLabelText('Email')
    fireEvent.change(standIn, { target: { value: 'not-an-address' } })
    click(screen.getByRole('button', { name: 'Join Waitlist' }))
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy()
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('not-an-address')
  })
})

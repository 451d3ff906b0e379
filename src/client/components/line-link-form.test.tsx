import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '#client/lib/api-client.ts'
import { LINK_FORM_TEXTS } from '#shared/short-link-texts.ts'
import {
  LINK_DESTINATION_HINTS,
  LINK_DESTINATION_LABELS,
  LINK_PHONE_INVALID,
  LINK_QUESTION,
  LINK_WEBSITE_INVALID,
  type LineLinkDto,
  type LineLinkInput,
  linkSavedMessage,
} from '#shared/short-links.ts'
import { LineLinkForm } from './line-link-form'

const LABEL = 'Tuesday, March 2, 2027'
const LINK: LineLinkDto = {
  orderId: 'order-1',
  code: 'k7m4qx2',
  shortUrl: 'https://town.example/go/k7m4qx2',
  destination: 'page',
  target: null,
  pagePath: '/ads/k7m4qx2',
}

afterEach(cleanup)

function renderForm(save: (input: LineLinkInput) => Promise<LineLinkDto>, link = LINK) {
  render(<LineLinkForm link={link} itemLabel={LABEL} save={save} />)
  return screen.getByRole('group', { name: LINK_QUESTION })
}

const saveButton = () =>
  screen.getByRole('button', { name: `Save where the QR code for ${LABEL} sends people` })
const status = () => screen.getByRole('status')

async function submit() {
  await act(async () => {
    fireEvent.click(saveButton())
  })
}

describe('LineLinkForm', () => {
  it('shows the short link and the three destinations with their hints, the page chosen', () => {
    const group = renderForm(vi.fn())
    expect(within(group).getByText(LINK.shortUrl)).toBeTruthy()
    const page = within(group).getByRole('radio', { name: LINK_DESTINATION_LABELS.page })
    expect((page as HTMLInputElement).checked).toBe(true)
    expect(page.getAttribute('aria-describedby')).toBeTruthy()
    const hint = document.getElementById(page.getAttribute('aria-describedby') ?? '')
    expect(hint?.textContent).toBe(LINK_DESTINATION_HINTS.page)
    expect(within(group).getAllByRole('radio')).toHaveLength(3)
    expect(screen.queryByRole('textbox')).toBeNull()
  })

  it('asks for the website or the number when one of those is chosen, keeping what was typed for each', () => {
    const group = renderForm(vi.fn())
    fireEvent.click(within(group).getByRole('radio', { name: LINK_DESTINATION_LABELS.website }))
    const website = screen.getByRole('textbox', { name: LINK_FORM_TEXTS.websiteLabel })
    expect(website.getAttribute('aria-describedby')).toContain(
      within(group).getByText(LINK_DESTINATION_HINTS.website).id,
    )
    fireEvent.change(website, { target: { value: 'example.com' } })

    fireEvent.click(within(group).getByRole('radio', { name: LINK_DESTINATION_LABELS.phone }))
    const phone = screen.getByRole('textbox', { name: LINK_FORM_TEXTS.phoneLabel })
    expect((phone as HTMLInputElement).value).toBe('')
    expect(screen.queryByRole('textbox', { name: LINK_FORM_TEXTS.websiteLabel })).toBeNull()

    fireEvent.click(within(group).getByRole('radio', { name: LINK_DESTINATION_LABELS.website }))
    expect(
      (screen.getByRole('textbox', { name: LINK_FORM_TEXTS.websiteLabel }) as HTMLInputElement).value,
    ).toBe('example.com')
    fireEvent.click(within(group).getByRole('radio', { name: LINK_DESTINATION_LABELS.page }))
    expect(screen.queryByRole('textbox')).toBeNull()
  })

  it('saves a website and confirms it in the polite status, with the address the server kept', async () => {
    const saved: LineLinkDto = { ...LINK, destination: 'website', target: 'https://example.com/menu' }
    const save = vi.fn(async () => saved)
    const group = renderForm(save)
    fireEvent.click(within(group).getByRole('radio', { name: LINK_DESTINATION_LABELS.website }))
    fireEvent.change(screen.getByRole('textbox', { name: LINK_FORM_TEXTS.websiteLabel }), {
      target: { value: ' example.com/menu ' },
    })
    await submit()
    expect(save).toHaveBeenCalledWith({ destination: 'website', target: 'example.com/menu' })
    expect(status().textContent).toBe(linkSavedMessage(saved))
    expect(
      (screen.getByRole('textbox', { name: LINK_FORM_TEXTS.websiteLabel }) as HTMLInputElement).value,
    ).toBe('https://example.com/menu')
  })

  it('saves the page without a target', async () => {
    const saved: LineLinkDto = { ...LINK }
    const save = vi.fn(async () => saved)
    renderForm(save, { ...LINK, destination: 'phone', target: '5555550123' })
    expect(
      (screen.getByRole('textbox', { name: LINK_FORM_TEXTS.phoneLabel }) as HTMLInputElement).value,
    ).toBe('5555550123')
    fireEvent.click(screen.getByRole('radio', { name: LINK_DESTINATION_LABELS.page }))
    await submit()
    expect(save).toHaveBeenCalledWith({ destination: 'page' })
    expect(status().textContent).toBe(linkSavedMessage({ destination: 'page', target: null }))
  })

  it('refuses a number that cannot be one before sending it: the message under the field, which takes the focus', async () => {
    const save = vi.fn()
    renderForm(save)
    fireEvent.click(screen.getByRole('radio', { name: LINK_DESTINATION_LABELS.phone }))
    const phone = screen.getByRole('textbox', { name: LINK_FORM_TEXTS.phoneLabel })
    fireEvent.change(phone, { target: { value: '12' } })
    await submit()
    expect(save).not.toHaveBeenCalled()
    expect(phone.getAttribute('aria-invalid')).toBe('true')
    expect(
      document.getElementById(phone.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '')?.textContent,
    ).toBe(LINK_PHONE_INVALID)
    expect(document.activeElement).toBe(phone)
    expect(status().textContent).toBe('')
  })

  it("shows the server's 400 message under the field and moves the focus there", async () => {
    const save = vi.fn(async () => {
      throw new ApiError(400, 'validation_failed', 'Some fields are missing or invalid.', {
        fields: { target: [LINK_WEBSITE_INVALID] },
      })
    })
    renderForm(save)
    fireEvent.click(screen.getByRole('radio', { name: LINK_DESTINATION_LABELS.website }))
    const website = screen.getByRole('textbox', { name: LINK_FORM_TEXTS.websiteLabel })
    fireEvent.change(website, { target: { value: 'www.example.com' } })
    await submit()
    expect(save).toHaveBeenCalledTimes(1)
    expect(website.getAttribute('aria-invalid')).toBe('true')
    const describedBy = (website.getAttribute('aria-describedby') ?? '').split(' ')
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(LINK_WEBSITE_INVALID)
    expect(document.activeElement).toBe(website)

    // A message of the error itself when it names no field.
    save.mockImplementationOnce(async () => {
      throw new ApiError(400, 'validation_failed', LINK_WEBSITE_INVALID)
    })
    await submit()
    expect(screen.getByText(LINK_WEBSITE_INVALID)).toBeTruthy()
  })

  it('says when saving failed for another reason, and keeps the choice', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const save = vi.fn(async () => {
      throw new ApiError(500, 'HTTP_500', 'Request failed with status 500', { hasServerMessage: false })
    })
    renderForm(save)
    fireEvent.click(screen.getByRole('radio', { name: LINK_DESTINATION_LABELS.page }))
    await submit()
    expect(screen.getByRole('alert').textContent).toBe(LINK_FORM_TEXTS.saveFailed)
    expect(status().textContent).toBe('')
    error.mockRestore()
  })
})

import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Toaster } from './toaster'
import { dismissToast, resetToasts, TOAST_REMOVE_DELAY, toast, useToast } from './use-toast'

function ToastCount() {
  const { toasts } = useToast()
  return <output aria-label="count">{toasts.length}</output>
}

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    resetToasts()
  })
  afterEach(() => {
    cleanup()
    resetToasts()
    vi.useRealTimers()
  })

  it('keeps at most one toast, the newest', () => {
    render(
      <>
        <ToastCount />
        <Toaster />
      </>,
    )
    act(() => {
      toast({ title: 'First' })
      toast({ title: 'Second' })
    })
    expect(screen.getByLabelText('count').textContent).toBe('1')
    expect(screen.queryByText('First')).toBeNull()
    expect(screen.getByText('Second')).toBeTruthy()
  })

  it('removes a dismissed toast after 6000 ms', () => {
    render(<ToastCount />)
    let id = ''
    act(() => {
      id = toast({ title: 'Bye' }).id
    })
    act(() => dismissToast(id))
    expect(screen.getByLabelText('count').textContent).toBe('1')
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1))
    expect(screen.getByLabelText('count').textContent).toBe('1')
    act(() => vi.advanceTimersByTime(1))
    expect(screen.getByLabelText('count').textContent).toBe('0')
    expect(TOAST_REMOVE_DELAY).toBe(6000)
  })

  it('renders an action with its label', () => {
    const onClick = vi.fn()
    render(<Toaster />)
    act(() => {
      toast({ title: 'Added to Cart', action: { label: 'Go to Cart', onClick } })
    })
    fireEvent.click(screen.getByRole('button', { name: 'Go to Cart' }))
    expect(onClick).toHaveBeenCalledOnce()
  })
})

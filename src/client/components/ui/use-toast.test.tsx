import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { placeToast, Toaster } from './toaster'
import {
  currentToasts,
  dismissToast,
  dismissToastsLeadingTo,
  resetToasts,
  TOAST_REMOVE_DELAY,
  toast,
  useToast,
} from './use-toast'

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

  it('leaves out an action to the page the buyer is on, and closes its toast when they arrive there', () => {
    render(<Toaster />)
    const goToCart = { label: 'Go to Cart', to: '/cart-checkout', onClick: vi.fn() }
    window.history.replaceState(null, '', '/cart-checkout')
    act(() => {
      toast({ title: 'Ready to Checkout?', action: goToCart })
    })
    expect(screen.getByText('Ready to Checkout?')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Go to Cart' })).toBeNull()

    window.history.replaceState(null, '', '/calendar')
    let toastId = ''
    act(() => {
      toastId = toast({ title: 'Added to Cart', action: goToCart }).id
    })
    expect(screen.getByRole('button', { name: 'Go to Cart' })).toBeTruthy()
    act(() => dismissToastsLeadingTo('/about'))
    expect(currentToasts().find((t) => t.id === toastId)?.open).toBe(true)
    act(() => dismissToastsLeadingTo('/cart-checkout'))
    expect(currentToasts().find((t) => t.id === toastId)?.open).toBe(false)
    window.history.replaceState(null, '', '/')
  })

  it('shows a toast at the top, below the sticky header, when the control pressed is in the lower half', () => {
    const header = document.createElement('header')
    header.getBoundingClientRect = () => ({ bottom: 65 }) as DOMRect
    const low = document.createElement('button')
    low.getBoundingClientRect = () => ({ top: window.innerHeight - 100, height: 40 }) as DOMRect
    const high = document.createElement('button')
    high.getBoundingClientRect = () => ({ top: 100, height: 40 }) as DOMRect
    document.body.prepend(header)
    document.body.append(low, high)

    // A tap that focuses nothing (Safari): the point pressed.
    fireEvent.pointerDown(document.body, { clientY: window.innerHeight - 80 })
    expect(placeToast()).toEqual({ edge: 'top', topInset: 65 })
    fireEvent.pointerDown(document.body, { clientY: 80 })
    expect(placeToast()).toEqual({ edge: 'bottom', topInset: 0 })
    // A focused control (a click, or keys): where it is.
    low.focus()
    expect(placeToast()).toEqual({ edge: 'top', topInset: 65 })
    high.focus()
    expect(placeToast()).toEqual({ edge: 'bottom', topInset: 0 })
    header.remove()
    low.remove()
    high.remove()
  })
})

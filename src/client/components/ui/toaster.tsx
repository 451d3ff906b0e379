import { type RefObject, useEffect, useMemo, useRef } from 'react'
import {
  Toast,
  ToastAction,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from './toast'
import { dismissToast, lastPointerY, useToast } from './use-toast'

/** Default duration 5 seconds; the viewport keeps Radix's F8 hotkey. */
export const TOAST_DEFAULT_DURATION = 5000

/**
 * Which edge of the screen a toast shows at: away from the control the buyer just used, so it never covers
 * what they are likely to press next (the next row of days below a tapped day, the controls beside it).
 * At the top it sits below the sticky site header (`topInset`, px), which keeps the Cart link free.
 */
export type ToastPlacement = { edge: 'top' | 'bottom'; topInset: number }
const BOTTOM: ToastPlacement = { edge: 'bottom', topInset: 0 }

/**
 * A control in the lower half of the screen gets its toast at the top, one in the upper half (or none: a
 * load failure) at the bottom, where toasts show by default. The control is the focused one (a click
 * focuses a button, keys act on it), or else the point last pressed (Safari focuses no button on a tap).
 */
export function placeToast(): ToastPlacement {
  const focused = document.activeElement
  const rect = focused && focused !== document.body ? focused.getBoundingClientRect() : null
  const y = rect ? rect.top + rect.height / 2 : lastPointerY
  if (y === undefined || y <= window.innerHeight / 2) return BOTTOM
  // The site header is the page's first <header> (a page's own headers come after it, in <main>).
  const header = document.querySelector('header')
  return { edge: 'top', topInset: Math.max(0, Math.round(header?.getBoundingClientRect().bottom ?? 0)) }
}

/**
 * While a toast shows at the bottom, the page's scroll padding keeps its height free there: a control that
 * Tab, a click or scrollIntoView brings into view stops above the toast instead of under it (e.g. Clear
 * Cart after 'Cart Limit Reached').
 */
function useToastScrollPadding(viewport: RefObject<HTMLOListElement | null>, edge: ToastPlacement['edge']) {
  useEffect(() => {
    const list = viewport.current
    if (!list) return
    const root = document.documentElement
    const update = () => {
      root.style.scrollPaddingBottom =
        edge === 'bottom' && list.childElementCount > 0
          ? `${Math.ceil(list.getBoundingClientRect().height)}px`
          : ''
    }
    const observer = new ResizeObserver(update)
    observer.observe(list)
    update()
    return () => {
      observer.disconnect()
      root.style.scrollPaddingBottom = ''
    }
  }, [viewport, edge])
}

export function Toaster() {
  const { toasts } = useToast()
  const viewport = useRef<HTMLOListElement>(null)
  // At most one toast shows (TOAST_LIMIT): placed when it arrives, where the buyer acted just before.
  const newestId = toasts[0]?.id
  const placement = useMemo(() => (newestId === undefined ? BOTTOM : placeToast()), [newestId])
  useToastScrollPadding(viewport, placement.edge)
  return (
    <ToastProvider duration={TOAST_DEFAULT_DURATION}>
      {toasts.map(({ id, title, description, action, variant, duration, open }) => (
        <Toast
          key={id}
          variant={variant}
          duration={duration}
          open={open}
          onOpenChange={(isOpen) => {
            if (!isOpen) dismissToast(id)
          }}
        >
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action && action.to !== window.location.pathname ? (
            <ToastAction altText={action.label} onClick={action.onClick}>
              {action.label}
            </ToastAction>
          ) : null}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport
        ref={viewport}
        className={placement.edge === 'top' ? 'bottom-auto' : undefined}
        style={placement.edge === 'top' ? { top: placement.topInset } : undefined}
      />
    </ToastProvider>
  )
}

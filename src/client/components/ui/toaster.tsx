import { type RefObject, useEffect, useRef } from 'react'
import {
  Toast,
  ToastAction,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from './toast'
import { dismissToast, useToast } from './use-toast'

/** Default duration 5 seconds; the viewport keeps Radix's F8 hotkey. */
export const TOAST_DEFAULT_DURATION = 5000

/**
 * While a toast shows, the page's scroll padding keeps its height free at the bottom: a control that Tab,
 * a click or scrollIntoView brings into view stops above the toast instead of under it (e.g. Clear Cart
 * after 'Cart Limit Reached').
 */
function useToastScrollPadding(viewport: RefObject<HTMLOListElement | null>) {
  useEffect(() => {
    const list = viewport.current
    if (!list) return
    const root = document.documentElement
    const update = () => {
      root.style.scrollPaddingBottom =
        list.childElementCount > 0 ? `${Math.ceil(list.getBoundingClientRect().height)}px` : ''
    }
    const observer = new ResizeObserver(update)
    observer.observe(list)
    update()
    return () => {
      observer.disconnect()
      root.style.scrollPaddingBottom = ''
    }
  }, [viewport])
}

export function Toaster() {
  const { toasts } = useToast()
  const viewport = useRef<HTMLOListElement>(null)
  useToastScrollPadding(viewport)
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
          {action ? (
            <ToastAction altText={action.label} onClick={action.onClick}>
              {action.label}
            </ToastAction>
          ) : null}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport ref={viewport} />
    </ToastProvider>
  )
}

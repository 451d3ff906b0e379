import { useRef } from 'react'

/**
 * Focus for a sheet opened from a button: on opening, the sheet's content takes focus (not its first
 * control, so a screen reader starts at its title); on closing, focus returns to the element that had it
 * when the sheet opened, if it is still on the page. Spread the result on `SheetContent`.
 */
export function useSheetFocus() {
  const ref = useRef<HTMLDivElement>(null)
  const opener = useRef<HTMLElement | null>(null)
  return {
    ref,
    onOpenAutoFocus: (event: Event) => {
      event.preventDefault()
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      ref.current?.focus()
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault()
      if (opener.current?.isConnected) opener.current.focus()
    },
  }
}

import { type ComponentProps, useId } from 'react'

/**
 * A show/hide section (WAI-ARIA disclosure) with the markup Radix Collapsible gives: the trigger is a
 * button with aria-expanded and aria-controls, the content a region that is `hidden` and empty while
 * closed, both with data-state. Radix Collapsible (with Presence, Slot and its context) cost the home and
 * calendar pages ~4 KB gzip for a toggle that animates nothing.
 */
export function useDisclosure(isOpen: boolean, onOpenChange: (isOpen: boolean) => void) {
  const contentId = useId()
  const state = isOpen ? 'open' : 'closed'
  return {
    state,
    triggerProps: {
      type: 'button',
      'aria-controls': contentId,
      'aria-expanded': isOpen,
      'data-state': state,
      onClick: () => onOpenChange(!isOpen),
    },
    contentProps: { id: contentId, 'data-state': state, hidden: !isOpen },
  } as const
}

export function DisclosureContent({
  children,
  ...props
}: ComponentProps<'div'> & { hidden: boolean; 'data-state': string }) {
  return <div {...props}>{props.hidden ? null : children}</div>
}

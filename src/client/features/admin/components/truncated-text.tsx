import { useLayoutEffect, useRef, useState } from 'react'
import { cn } from '#client/lib/cn.ts'

/** The tooltip keeps this far from the window's edges (px). */
const EDGE = 8

/**
 * A value that must not break mid-word in a table cell, e-mail addresses above all: one line cut with an
 * ellipsis. The whole value is its title (the mouse) and, on hover or keyboard focus, a tooltip under it
 * that Escape closes. The tooltip is placed in the window (fixed), so a table's scrolling box does not
 * clip it, and kept inside it. A screen reader reads the whole value from the text itself.
 */
export function TruncatedText({ text, className }: { text: string; className?: string }) {
  const [isOpen, setIsOpen] = useState(false)
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null)
  const valueRef = useRef<HTMLSpanElement>(null)
  const tooltipRef = useRef<HTMLSpanElement>(null)

  useLayoutEffect(() => {
    if (!isOpen) {
      setPosition(null)
      return
    }
    // Placed under the value, inside the window; again when the page or the table scrolls.
    const place = () => {
      if (!valueRef.current || !tooltipRef.current) return
      const value = valueRef.current.getBoundingClientRect()
      const width = tooltipRef.current.getBoundingClientRect().width
      const right = document.documentElement.clientWidth - EDGE
      setPosition({ top: value.bottom + 4, left: Math.max(EDGE, Math.min(value.left, right - width)) })
    }
    place()
    window.addEventListener('scroll', place, { capture: true, passive: true })
    window.addEventListener('resize', place)
    return () => {
      window.removeEventListener('scroll', place, { capture: true })
      window.removeEventListener('resize', place)
    }
  }, [isOpen])

  return (
    <span className="block max-w-full min-w-0">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only show the tooltip of the text */}
      <span
        ref={valueRef}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the keyboard's way to the whole value
        tabIndex={0}
        title={text}
        className={cn(
          'block truncate rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700',
          className,
        )}
        onFocus={() => setIsOpen(true)}
        onBlur={() => setIsOpen(false)}
        onMouseEnter={() => setIsOpen(true)}
        onMouseLeave={() => setIsOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && isOpen) {
            event.stopPropagation()
            setIsOpen(false)
          }
        }}
      >
        {text}
      </span>
      {isOpen ? (
        <span
          ref={tooltipRef}
          role="tooltip"
          // Measured hidden first, then placed.
          style={position ?? { top: 0, left: 0, visibility: 'hidden' }}
          className="fixed z-50 w-max max-w-[calc(100vw-1rem)] rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-normal text-slate-900 shadow-md [overflow-wrap:anywhere]"
        >
          {text}
        </span>
      ) : null}
    </span>
  )
}

import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react'
import { Input } from '#client/components/ui/input.tsx'
import { cn } from '#client/lib/cn.ts'
import type { SellableDayDto } from '#shared/admin-orders.ts'
import { formatDayDate, formatPrice } from '#shared/format.ts'
import { useSellableDays } from '../api/get-sellable-days'

/** How long typing pauses before the server is asked again. */
const SEARCH_DELAY_MS = 200

export function dayOptionLabel(day: SellableDayDto): string {
  return `${formatDayDate(day.date)} (${formatPrice(day.price)})`
}

/**
 * The manual order's day picker: the ARIA 1.2 combobox pattern (an input with a list popup, the active option
 * followed by aria-activedescendant while focus stays in the input). Typing asks the server for the days
 * that can still be sold matching the text (a date, a month, a weekday; see sellableDaysQuerySchema),
 * answered grouped by mailing. Arrow keys move, Enter chooses, Escape closes (then clears); typing after a
 * choice drops it, so the form never sends a day the text no longer names.
 */
export function DayCombobox({
  id,
  value,
  onChange,
  onLoadError,
}: {
  id: string
  value: SellableDayDto | null
  onChange: (day: SellableDayDto | null) => void
  onLoadError?: (isError: boolean) => void
}) {
  // The form starts a new picker (a new key) to clear it after an order.
  const [text, setText] = useState(value ? dayOptionLabel(value) : '')
  const [query, setQuery] = useState('')
  const [debounced, setDebounced] = useState('')
  const [isOpen, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const listboxId = useId()
  const optionIdPrefix = useId()
  const listRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(query.trim()), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [query])

  const { data, isFetching, isError } = useSellableDays(debounced, isOpen)
  useEffect(() => onLoadError?.(isError), [isError, onLoadError])
  const groups = data?.mailings ?? []
  const options = useMemo(() => groups.flatMap((g) => g.days), [groups])
  const optionId = (index: number) => `${optionIdPrefix}-${index}`

  useEffect(() => {
    if (active < 0) return
    listRef.current?.querySelector(`[id="${optionId(active)}"]`)?.scrollIntoView?.({ block: 'nearest' })
  })

  function open() {
    setOpen(true)
  }

  function close() {
    setOpen(false)
    setActive(-1)
  }

  function choose(day: SellableDayDto) {
    onChange(day)
    setText(dayOptionLabel(day))
    setQuery('')
    close()
  }

  function type(next: string) {
    setText(next)
    setQuery(next)
    setActive(-1)
    open()
    if (value) onChange(null)
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault()
        if (!isOpen) open()
        setActive((i) => (options.length === 0 ? -1 : Math.min(i + 1, options.length - 1)))
        break
      case 'ArrowUp':
        event.preventDefault()
        if (!isOpen) open()
        setActive((i) => (options.length === 0 ? -1 : i <= 0 ? options.length - 1 : i - 1))
        break
      case 'Enter': {
        // Enter on an active option chooses it; otherwise the form submits as usual.
        const day = isOpen && active >= 0 ? options[active] : undefined
        if (day) {
          event.preventDefault()
          choose(day)
        }
        break
      }
      case 'Escape':
        if (isOpen) {
          event.preventDefault()
          close()
        } else if (text !== '') {
          event.preventDefault()
          type('')
          close()
        }
        break
    }
  }

  const searching = debounced !== query.trim() || (isFetching && !data)
  const hasList = isOpen && options.length > 0
  let index = -1
  return (
    <div className="relative">
      <Input
        id={id}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={hasList}
        aria-controls={hasList ? listboxId : undefined}
        aria-activedescendant={isOpen && active >= 0 ? optionId(active) : undefined}
        aria-required="true"
        aria-describedby={`${id}-hint`}
        autoComplete="off"
        placeholder="Type a date or month, e.g. Jan 5 or March"
        value={text}
        onChange={(e) => type(e.target.value)}
        onClick={open}
        onFocus={open}
        onBlur={close}
        onKeyDown={handleKeyDown}
      />
      <p id={`${id}-hint`} className="sr-only">
        Only days that can still be sold are listed, grouped by mailing.
      </p>
      {isOpen ? (
        <div className="absolute z-50 mt-1 w-full rounded-md border border-slate-300 bg-white shadow-lg">
          {hasList ? (
            <div
              ref={listRef}
              id={listboxId}
              role="listbox"
              aria-label="Days for sale"
              className="max-h-72 overflow-y-auto py-1"
            >
              {groups.map((group) => (
                // biome-ignore lint/a11y/useSemanticElements: a listbox's options are grouped by role=group (WAI-ARIA listbox), not a form fieldset
                <div key={group.month} role="group" aria-labelledby={`${listboxId}-${group.month}`}>
                  <div
                    id={`${listboxId}-${group.month}`}
                    role="presentation"
                    className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-700 uppercase"
                  >
                    {`${group.label} mailing`}
                  </div>
                  {group.days.map((day) => {
                    index += 1
                    const i = index
                    return (
                      // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the combobox's input, which names the active option (aria-activedescendant)
                      // biome-ignore lint/a11y/useKeyWithClickEvents: the input's arrow keys and Enter choose options
                      <div
                        key={day.id}
                        id={optionId(i)}
                        role="option"
                        aria-selected={i === active}
                        // Keeps focus in the input, so its blur does not close the list before the click.
                        onMouseDown={(e) => e.preventDefault()}
                        onMouseMove={() => setActive(i)}
                        onClick={() => choose(day)}
                        className={cn(
                          'cursor-pointer px-3 py-2 text-sm text-slate-900',
                          i === active && 'bg-blue-100',
                          value?.id === day.id && 'font-semibold',
                        )}
                      >
                        {dayOptionLabel(day)}
                      </div>
                    )
                  })}
                </div>
              ))}
            </div>
          ) : null}
          <p className="px-3 py-2 text-sm text-slate-700" aria-live="polite">
            {searching
              ? 'Searching...'
              : isError
                ? 'Failed to load calendar days. Please try again.'
                : options.length === 0
                  ? query.trim() === ''
                    ? 'No available days'
                    : `No available days match "${query.trim()}".`
                  : data?.truncated
                    ? `Showing the first ${options.length} days: type a date or month to narrow.`
                    : `${options.length} ${options.length === 1 ? 'day' : 'days'}`}
          </p>
        </div>
      ) : null}
    </div>
  )
}

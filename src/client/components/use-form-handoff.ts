import { type RefObject, useLayoutEffect } from 'react'
import type { FormHandoff } from './lazy-form'

/**
 * For the validating form: on mount, before the first paint, take over the stand-in's values (through
 * `setValue`, so react-hook-form knows them), its focus and a pending submit.
 */
export function useFormHandoff(
  handoff: FormHandoff,
  form: RefObject<HTMLFormElement | null>,
  setValue: (name: string, value: string) => void,
  submit: () => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at mount, with the stand-in's state
  useLayoutEffect(() => {
    for (const [name, value] of Object.entries(handoff.values)) if (value) setValue(name, value)
    const focus = handoff.focus
    const target = focus ? form.current?.elements[focus.index] : null
    if (focus && target instanceof HTMLElement) {
      target.focus()
      if (target instanceof HTMLInputElement && focus.start !== null && focus.end !== null) {
        target.setSelectionRange(focus.start, focus.end)
      }
    }
    if (handoff.submitted) {
      handoff.submitted = false
      submit()
    }
  }, [])
}

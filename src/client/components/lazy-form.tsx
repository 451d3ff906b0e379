import {
  type ComponentProps,
  type ComponentType,
  type ReactNode,
  type RefObject,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'

/**
 * Progressive enhancement for the public forms: react-hook-form, zod and the shared schema (~37 KB gzip)
 * are not part of the page. The page draws a stand-in <form> with the same markup (plain inputs and
 * labels), and the validating form loads on the first hover, press or focus inside it, then takes over:
 * the typed values, the focus (and caret) and a submit the visitor already made carry over (the
 * validating form takes them with useFormHandoff, use-form-handoff.ts).
 */

/** What the visitor did in the stand-in before the validating form replaced it. */
export type FormHandoff = {
  /** Input name -> its value. */
  values: Record<string, string>
  /** Index (in form.elements) of the control that had the focus, with its text selection. */
  focus: { index: number; start: number | null; end: number | null } | null
  /** Submitted (Enter or the submit button) before the validating form was there. */
  submitted: boolean
}

/** The stand-in's <form> props; the view spreads them on its <form>. */
export type StandInFormProps = ComponentProps<'form'> & { ref: RefObject<HTMLFormElement | null> }

type LazyFormProps = {
  load: () => Promise<ComponentType<{ handoff: FormHandoff }>>
  standIn: (form: StandInFormProps) => ReactNode
}

export function LazyForm({ load, standIn }: LazyFormProps) {
  const [Form, setForm] = useState<ComponentType<{ handoff: FormHandoff }> | null>(null)
  const handoff = useRef<FormHandoff>({ values: {}, focus: null, submitted: false })
  const loaded = useRef<ComponentType<{ handoff: FormHandoff }> | null>(null)
  const loading = useRef<Promise<void> | null>(null)
  const isPressing = useRef(false)

  // Never swap between a press and its release: the click (e.g. on submit) would land on a removed node.
  function show() {
    const Loaded = loaded.current
    if (Loaded && !isPressing.current) setForm(() => Loaded)
  }

  function start() {
    loading.current ??= load().then(
      (Loaded) => {
        loaded.current = Loaded
        show()
      },
      (error: unknown) => {
        // Stay on the stand-in; the next interaction tries again.
        loading.current = null
        console.error(error)
      },
    )
  }

  function press() {
    isPressing.current = true
    start()
    // A release the window never hears of (e.g. outside the browser) must not keep the stand-in forever.
    const fallback = setTimeout(release, 3000)
    function release() {
      clearTimeout(fallback)
      window.removeEventListener('pointerup', release, true)
      window.removeEventListener('pointercancel', release, true)
      // After the click and the submit it causes, which the stand-in records.
      setTimeout(() => {
        isPressing.current = false
        show()
      })
    }
    window.addEventListener('pointerup', release, true)
    window.addEventListener('pointercancel', release, true)
  }

  if (Form) return <Form handoff={handoff.current} />
  return (
    <StandIn
      handoff={handoff.current}
      render={standIn}
      onPointerEnter={start}
      onFocus={start}
      onPointerDown={press}
      onSubmit={() => {
        handoff.current.submitted = true
        start()
      }}
    />
  )
}

function StandIn({
  handoff,
  render,
  onPointerEnter,
  onFocus,
  onPointerDown,
  onSubmit,
}: {
  handoff: FormHandoff
  render: (form: StandInFormProps) => ReactNode
  onPointerEnter: () => void
  onFocus: () => void
  onPointerDown: () => void
  onSubmit: () => void
}) {
  const form = useRef<HTMLFormElement>(null)
  // The cleanup runs as the validating form replaces this one, while these inputs are still in the page.
  useLayoutEffect(() => {
    const element = form.current
    return () => {
      if (element) captureHandoff(element, handoff)
    }
  }, [handoff])

  return render({
    ref: form,
    noValidate: true,
    onPointerEnter,
    onFocus,
    onPointerDown,
    onSubmit: (event) => {
      event.preventDefault()
      onSubmit()
    },
  })
}

function captureHandoff(form: HTMLFormElement, handoff: FormHandoff) {
  const controls = Array.from(form.elements)
  for (const control of controls) {
    if ((control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) && control.name) {
      handoff.values[control.name] = control.value
    }
  }
  const active = document.activeElement
  const index = active ? controls.indexOf(active) : -1
  handoff.focus =
    index === -1
      ? null
      : {
          index,
          start: active instanceof HTMLInputElement ? active.selectionStart : null,
          end: active instanceof HTMLInputElement ? active.selectionEnd : null,
        }
}

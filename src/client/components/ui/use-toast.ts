/**
 * Toast store: module-level state so `toast()` works outside React,
 * at most TOAST_LIMIT visible, and a dismissed toast stays mounted TOAST_REMOVE_DELAY ms
 * so Radix can animate it out before it is removed.
 */
import type { ReactNode } from 'react'
import { useSyncExternalStore } from 'react'

export const TOAST_LIMIT = 1
export const TOAST_REMOVE_DELAY = 6000

export type ToastVariant = 'default' | 'destructive'
export type ToastActionSpec = {
  label: string
  onClick: () => void
  /**
   * The page the action opens ('Go to Cart': /cart-checkout). A toast never sends the buyer where they
   * already are: the Toaster leaves the action out on that page, and the toast closes when the buyer
   * gets there some other way (dismissToastsLeadingTo, called by the root layout).
   */
  to?: string
}

export type ToastInput = {
  title?: ReactNode
  description?: ReactNode
  variant?: ToastVariant
  action?: ToastActionSpec
  /** Milliseconds before auto-dismiss; the provider default is 5000. */
  duration?: number
}

export type ToastItem = ToastInput & { id: string; open: boolean }

type State = { toasts: ToastItem[] }

let state: State = { toasts: [] }
const listeners = new Set<() => void>()
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>()
let counter = 0

function setState(next: State) {
  state = next
  for (const listener of listeners) listener()
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return
  const timer = setTimeout(() => {
    removeTimers.delete(id)
    setState({ toasts: state.toasts.filter((t) => t.id !== id) })
  }, TOAST_REMOVE_DELAY)
  removeTimers.set(id, timer)
}

function addToast(item: ToastItem) {
  setState({ toasts: [item, ...state.toasts].slice(0, TOAST_LIMIT) })
}

function updateToast(id: string, patch: Partial<ToastItem>) {
  setState({ toasts: state.toasts.map((t) => (t.id === id ? { ...t, ...patch } : t)) })
}

/** Closes one toast (or all) and schedules its removal. */
export function dismissToast(id?: string) {
  for (const t of state.toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id)
  setState({ toasts: state.toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)) })
}

/**
 * Where on the screen the buyer last pressed (a toast usually answers it): the Toaster keeps toasts away
 * from it. Noted here, in the entry, so the first toast (which loads the Toaster) knows it too. Keys need
 * no note: the control they act on has the focus.
 */
export let lastPointerY: number | undefined

if (typeof document !== 'undefined') {
  document.addEventListener(
    'pointerdown',
    (event) => {
      lastPointerY = event.clientY
    },
    true,
  )
}

export function toast(input: ToastInput) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER
  const id = String(counter)
  addToast({ ...input, id, open: true })
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (patch: ToastInput) => updateToast(id, patch),
  }
}

/** The buyer reached `pathname`: a toast whose action would take them there has nothing left to say. */
export function dismissToastsLeadingTo(pathname: string) {
  for (const t of state.toasts) if (t.open && t.action?.to === pathname) dismissToast(t.id)
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

const getSnapshot = () => state

export function useToast() {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
  return { toasts: current.toasts, toast, dismiss: dismissToast }
}

/** Test helper: the toasts as the Toaster reads them, newest first. */
export const currentToasts = (): readonly ToastItem[] => state.toasts

/** Test helper: forget every toast and pending timer. */
export function resetToasts() {
  for (const timer of removeTimers.values()) clearTimeout(timer)
  removeTimers.clear()
  lastPointerY = undefined
  setState({ toasts: [] })
}

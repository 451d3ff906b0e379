import { type ComponentProps, useId } from 'react'
import { Input } from './input'
import { Label } from './label'

/** A labelled input whose error message is announced and tied to it. */
export function FormField({
  label,
  error,
  hint,
  ...inputProps
}: ComponentProps<typeof Input> & { label: string; error?: string; hint?: string }) {
  const id = useId()
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} />
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}

import { type ComponentProps, useId } from 'react'
import { Input } from './input'
import { Label } from './label'

/**
 * The one field-error pattern of the site's forms: the message sits right under its field, the field
 * gets aria-invalid and names the message in aria-describedby, so a screen reader reads it on focus.
 */
export function fieldErrorProps(error: string | undefined, errorId: string, hintId?: string) {
  const describedBy = [hintId ?? null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy } as const
}

/** The message under a field; pair with fieldErrorProps on the field itself. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="text-sm text-red-700">
      {error}
    </p>
  ) : null
}

/** A labelled input whose error message is announced and tied to it. */
export function FormField({
  label,
  error,
  hint,
  ...inputProps
}: ComponentProps<typeof Input> & { label: string; error?: string; hint?: string }) {
  const generatedId = useId()
  const id = inputProps.id ?? generatedId
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input {...inputProps} id={id} {...fieldErrorProps(error, errorId, hint ? hintId : undefined)} />
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  )
}

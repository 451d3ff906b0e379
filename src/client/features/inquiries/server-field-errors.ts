import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ApiError } from '#client/lib/api-client.ts'

/** Shows a 422's per-field messages next to the fields the form has; returns whether any was shown. */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false
  let shown = false
  for (const field of fields) {
    const message = error.fields[field]?.[0]
    if (message) {
      setError(field, { type: 'server', message })
      shown = true
    }
  }
  return shown
}

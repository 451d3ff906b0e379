import { useEffect, useState } from 'react'
import { errorDescription, fieldErrorsOf } from './error-message'

type FieldOf<D> = Extract<keyof D, string>
export type FieldErrors<D> = Partial<Record<FieldOf<D>, string>>

/**
 * An edit dialog's form: a draft of the item it is open on (made afresh each time it opens on one, with no
 * errors), a message under each field, and one for the whole form.
 */
export function useEditDraft<T, D extends Record<string, string>>(
  item: T | null,
  draftOf: (item: T) => D,
  empty: D,
) {
  const [draft, setDraft] = useState<D>(empty)
  const [errors, setErrors] = useState<FieldErrors<D>>({})
  const [formError, setFormError] = useState<string | null>(null)

  useEffect(() => {
    if (!item) return
    setDraft(draftOf(item))
    setErrors({})
    setFormError(null)
  }, [item, draftOf])

  /** A field's new value; its message goes until the next save. */
  function setField(field: FieldOf<D>, value: string) {
    setDraft((current) => ({ ...current, [field]: value }))
    setErrors((current) => ({ ...current, [field]: undefined }))
  }

  /** A refused save: the server's messages under their fields, else one for the form. */
  function showSaveError(error: unknown, fallback: string) {
    const fieldErrors = fieldErrorsOf(error, Object.keys(empty) as Array<FieldOf<D>>)
    setErrors(fieldErrors)
    setFormError(Object.keys(fieldErrors).length > 0 ? null : errorDescription(error, fallback))
  }

  return { draft, errors, setErrors, formError, setFormError, setField, showSaveError }
}

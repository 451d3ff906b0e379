import { type FormEvent, useEffect, useState } from 'react'
import {
  type MailingOverviewRow,
  mailingMonthLabel,
  type UpdateMailingDatesInput,
} from '../../../../../shared/mailings'
import { Button } from '../../../../components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog'
import { FormField } from '../../../../components/ui/form-field'
import { toast } from '../../../../components/ui/use-toast'
import { ApiError } from '../../../../lib/api-client'
import { errorDescription } from '../../hooks/error-message'
import { useUpdateMailingDates } from '../api/update-mailing-dates'

type Field = keyof UpdateMailingDatesInput
type Draft = Record<Field, string>
const FIELDS: Field[] = ['salesCloseLocal', 'artworkDueLocal', 'inHomesDate']

const draftOf = (row: MailingOverviewRow): Draft => ({
  salesCloseLocal: row.salesCloseLocal,
  artworkDueLocal: row.artworkDueLocal,
  inHomesDate: row.inHomesDate,
})

/** Issue 12: a mailing's sales close, artwork due and in-homes dates, in the town's time. */
export function EditMailingDatesDialog({
  row,
  onClose,
}: {
  row: MailingOverviewRow | null
  onClose: () => void
}) {
  const [draft, setDraft] = useState<Draft>({ salesCloseLocal: '', artworkDueLocal: '', inHomesDate: '' })
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const update = useUpdateMailingDates()

  useEffect(() => {
    if (!row) return
    setDraft(draftOf(row))
    setErrors({})
    setFormError(null)
  }, [row])

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!row) return
    const saved = draftOf(row)
    const missing = FIELDS.filter((field) => draft[field] === '')
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((field) => [field, 'Enter a date.'])))
      setFormError(null)
      return
    }
    // Only what changed is sent: an unchanged date is not re-validated against today.
    const input: UpdateMailingDatesInput = Object.fromEntries(
      FIELDS.filter((field) => draft[field] !== saved[field]).map((field) => [field, draft[field]]),
    )
    if (Object.keys(input).length === 0) {
      setErrors({})
      setFormError('Change at least one date.')
      return
    }
    setErrors({})
    setFormError(null)
    update.mutate(
      { month: row.month, input },
      {
        onSuccess: () => {
          toast({
            title: 'Dates Saved',
            description: `The ${mailingMonthLabel(row.month)} mailing's dates are saved.`,
          })
          onClose()
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fields : undefined
          const fieldErrors = Object.fromEntries(
            FIELDS.flatMap((field) => (fields?.[field]?.[0] ? [[field, fields[field][0]]] : [])),
          )
          setErrors(fieldErrors)
          setFormError(
            Object.keys(fieldErrors).length > 0
              ? null
              : errorDescription(error, 'Failed to save the dates. Please try again.'),
          )
        },
      },
    )
  }

  const set = (field: Field) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }))
    setErrors((current) => ({ ...current, [field]: undefined }))
  }

  return (
    <Dialog open={row !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Dates</DialogTitle>
          <DialogDescription>
            {row ? `The ${mailingMonthLabel(row.month)} mailing, in the town's time.` : ''}
          </DialogDescription>
        </DialogHeader>
        <form className="space-y-4" onSubmit={handleSubmit} noValidate>
          <FormField
            id="mailing-sales-close"
            label="Sales close"
            type="datetime-local"
            required
            value={draft.salesCloseLocal}
            onChange={(e) => set('salesCloseLocal')(e.target.value)}
            error={errors.salesCloseLocal}
          />
          <FormField
            id="mailing-artwork-due"
            label="Artwork due"
            type="datetime-local"
            required
            value={draft.artworkDueLocal}
            onChange={(e) => set('artworkDueLocal')(e.target.value)}
            error={errors.artworkDueLocal}
          />
          <FormField
            id="mailing-in-homes"
            label="In homes"
            type="date"
            required
            value={draft.inHomesDate}
            onChange={(e) => set('inHomesDate')(e.target.value)}
            error={errors.inHomesDate}
          />
          {formError ? (
            <p role="alert" className="text-sm text-red-700">
              {formError}
            </p>
          ) : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save Dates'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

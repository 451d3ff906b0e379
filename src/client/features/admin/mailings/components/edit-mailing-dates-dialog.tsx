import type { FormEvent } from 'react'
import { FormField } from '#client/components/ui/form-field.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { FormDialog } from '#client/features/admin/components/form-dialog.tsx'
import { useEditDraft } from '#client/features/admin/hooks/use-edit-draft.ts'
import { type MailingOverviewRow, mailingMonthLabel, type UpdateMailingDatesInput } from '#shared/mailings.ts'
import { plural } from '#shared/plural.ts'
import { useUpdateMailingDates } from '../api/update-mailing-dates'

type Field = keyof UpdateMailingDatesInput
type Draft = Record<Field, string>

/** The dates in the order the dialog shows them. */
const FIELDS: Array<{ field: Field; id: string; label: string; type: 'datetime-local' | 'date' }> = [
  { field: 'salesCloseLocal', id: 'mailing-sales-close', label: 'Sales close', type: 'datetime-local' },
  { field: 'artworkDueLocal', id: 'mailing-artwork-due', label: 'Artwork due', type: 'datetime-local' },
  { field: 'inHomesDate', id: 'mailing-in-homes', label: 'In homes', type: 'date' },
]

const EMPTY_DRAFT: Draft = { salesCloseLocal: '', artworkDueLocal: '', inHomesDate: '' }

const draftOf = (row: MailingOverviewRow): Draft => ({
  salesCloseLocal: row.salesCloseLocal,
  artworkDueLocal: row.artworkDueLocal,
  inHomesDate: row.inHomesDate,
})

/** A mailing's sales close, artwork due and in-homes dates, in the town's time. */
export function EditMailingDatesDialog({
  row,
  onClose,
}: {
  row: MailingOverviewRow | null
  onClose: () => void
}) {
  const { draft, errors, setErrors, formError, setFormError, setField, showSaveError } = useEditDraft(
    row,
    draftOf,
    EMPTY_DRAFT,
  )
  const update = useUpdateMailingDates()

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!row) return
    const saved = draftOf(row)
    const missing = FIELDS.filter(({ field }) => draft[field] === '').map(({ field }) => field)
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((field) => [field, 'Enter a date.'])))
      setFormError(null)
      return
    }
    // Only what changed is sent: an unchanged date is not re-validated against today.
    const input: UpdateMailingDatesInput = Object.fromEntries(
      FIELDS.filter(({ field }) => draft[field] !== saved[field]).map(({ field }) => [field, draft[field]]),
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
        onSuccess: ({ buyersEmailed }) => {
          const emailed =
            buyersEmailed > 0 ? ` ${plural(buyersEmailed, 'buyer')} e-mailed the new dates.` : ''
          toast({
            title: 'Dates Saved',
            description: `The ${mailingMonthLabel(row.month)} mailing's dates are saved.${emailed}`,
          })
          onClose()
        },
        onError: (error) => showSaveError(error, 'Failed to save the dates. Please try again.'),
      },
    )
  }

  return (
    <FormDialog
      open={row !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Edit Dates"
      description={
        row
          ? `The ${mailingMonthLabel(row.month)} mailing, in the town's time. The buyers a moved date concerns are e-mailed it.`
          : ''
      }
      onSubmit={handleSubmit}
      formError={formError}
      submitLabel={update.isPending ? 'Saving...' : 'Save Dates'}
      isSubmitting={update.isPending}
    >
      {FIELDS.map(({ field, id, label, type }) => (
        <FormField
          key={field}
          id={id}
          label={label}
          type={type}
          required
          value={draft[field]}
          onChange={(e) => setField(field, e.target.value)}
          error={errors[field]}
        />
      ))}
    </FormDialog>
  )
}

import { type FormEvent, useEffect, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { FormField } from '#client/components/ui/form-field.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { errorDescription, fieldErrorsOf } from '#client/features/admin/hooks/error-message.ts'
import { useLoadErrorToast } from '#client/features/admin/hooks/use-load-error-toast.ts'
import type { MailingDefaults } from '#shared/mailings.ts'
import { useMailingDefaults, useUpdateMailingDefaults } from '../api/mailing-defaults'

type Field = keyof MailingDefaults

/** The limits of shared/mailings' mailingDefaultsSchema, said in words next to each field. */
const FIELDS: Array<{ field: Field; id: string; label: string; min: number; max: number; hint: string }> = [
  {
    field: 'salesCloseDaysBefore',
    id: 'mailing-defaults-close',
    label: 'Sales close (days before the month)',
    min: 0,
    max: 120,
    hint: 'From 0 to 120 days before the first of the month.',
  },
  {
    field: 'artworkDueDaysAfterClose',
    id: 'mailing-defaults-artwork',
    label: 'Artwork due (days after sales close)',
    min: 0,
    max: 60,
    hint: 'From 0 to 60 days.',
  },
  {
    field: 'inHomesDay',
    id: 'mailing-defaults-in-homes',
    label: 'In homes by (day of the month)',
    min: 1,
    max: 28,
    hint: 'A day from 1 to 28.',
  },
  {
    field: 'priorityWindowDays',
    id: 'mailing-defaults-priority-window',
    label: 'Priority window (days)',
    min: 0,
    max: 60,
    hint: "How long last mailing's advertisers have their spots held for them, from 0 to 60 days. 0 turns it off.",
  },
]

const FIELD_NAMES = FIELDS.map(({ field }) => field)

type Draft = Record<Field, string>
const toDraft = (d: MailingDefaults): Draft => ({
  salesCloseDaysBefore: String(d.salesCloseDaysBefore),
  artworkDueDaysAfterClose: String(d.artworkDueDaysAfterClose),
  inHomesDay: String(d.inHomesDay),
  priorityWindowDays: String(d.priorityWindowDays),
})

/** Where a new mailing's dates come from (a mailing already made keeps its own), and the priority window. */
export function MailingDefaultsForm() {
  const { data, isPending, isError } = useMailingDefaults()
  useLoadErrorToast(isError, 'Failed to load the mailing defaults.')
  const update = useUpdateMailingDefaults()
  const [draft, setDraft] = useState<Draft | null>(null)
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})

  useEffect(() => {
    if (data) setDraft(toDraft(data))
  }, [data])

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!draft) return
    const found: Partial<Record<Field, string>> = {}
    for (const { field, min, max } of FIELDS) {
      const value = Number(draft[field])
      if (draft[field].trim() === '' || !Number.isInteger(value) || value < min || value > max)
        found[field] = `Enter a whole number from ${min} to ${max}.`
    }
    setErrors(found)
    const first = FIELDS.find(({ field }) => found[field])
    if (first) {
      document.getElementById(first.id)?.focus()
      return
    }
    update.mutate(
      {
        salesCloseDaysBefore: Number(draft.salesCloseDaysBefore),
        artworkDueDaysAfterClose: Number(draft.artworkDueDaysAfterClose),
        inHomesDay: Number(draft.inHomesDay),
        priorityWindowDays: Number(draft.priorityWindowDays),
      },
      {
        onSuccess: () =>
          toast({ title: 'Defaults Saved', description: 'Mailings created from now on use these dates.' }),
        onError: (error) => {
          setErrors(fieldErrorsOf(error, FIELD_NAMES))
          toast({
            variant: 'destructive',
            title: 'Save Failed',
            description: errorDescription(error, 'Failed to save the mailing defaults. Please try again.'),
          })
        },
      },
    )
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">New Mailing Defaults</CardTitle>
        <CardDescription>
          The dates a new mailing starts with, and how long the spots of its returning advertisers are held
          for them when its days are first set up. A mailing already made keeps its own dates: use Edit dates
          in the table.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <Spinner label="Loading mailing defaults..." />
        ) : !draft ? (
          <p className="text-red-800">Failed to load the mailing defaults.</p>
        ) : (
          <form
            className="grid gap-4 md:grid-cols-2 md:items-start xl:grid-cols-4"
            onSubmit={handleSubmit}
            noValidate
          >
            {FIELDS.map(({ field, id, label, min, max, hint }) => (
              <FormField
                key={field}
                id={id}
                label={label}
                hint={hint}
                type="number"
                inputMode="numeric"
                min={min}
                max={max}
                step={1}
                value={draft[field]}
                error={errors[field]}
                onChange={(e) => {
                  setDraft({ ...draft, [field]: e.target.value })
                  setErrors((current) => ({ ...current, [field]: undefined }))
                }}
              />
            ))}
            <div className="md:col-span-2 xl:col-span-4">
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? 'Saving...' : 'Save Defaults'}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  )
}

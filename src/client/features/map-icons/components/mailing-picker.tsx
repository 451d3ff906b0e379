import { useId } from 'react'
import { Label } from '#client/components/ui/label.tsx'
import { mailingMonthLabel } from '#shared/mailing-names.ts'
import type { MonthKey } from '#shared/mailings.ts'

type MailingPickerProps = {
  months: MonthKey[]
  value: MonthKey
  onChange: (month: MonthKey) => void
}

/**
 * Which open mailing the icon cards are for (each mailing has its own icon stock). Native radios
 * in a fieldset: arrow keys move between them and screen readers announce the group as 'Mailing', without
 * the Radix Select code the month selector loads lazily for the same reason (the route's JS budget).
 */
export function MailingPicker({ months, value, onChange }: MailingPickerProps) {
  const name = useId()
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-900">Mailing</legend>
      <div className="flex flex-wrap gap-2">
        {months.map((month) => (
          <Label
            key={month}
            className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 has-checked:border-blue-700 has-checked:bg-blue-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-blue-700"
          >
            <input
              type="radio"
              name={name}
              value={month}
              checked={month === value}
              onChange={() => onChange(month)}
              className="size-4 focus-visible:outline-none"
            />
            {mailingMonthLabel(month)}
          </Label>
        ))}
      </div>
    </fieldset>
  )
}

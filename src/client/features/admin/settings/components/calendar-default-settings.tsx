import { TriangleAlert } from 'lucide-react'
import { type FormEvent, useEffect, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { Label } from '#client/components/ui/label.tsx'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { errorDescription } from '#client/features/admin/hooks/error-message.ts'
import { YEARS_AHEAD } from '#shared/settings.ts'
import { unusedDefaultMonth, unusedDefaultMonthText } from '#shared/unused-default-month.ts'
import { useAvailableMonths } from '../api/get-available-months'
import { useUpdateCalendarDefault } from '../api/update-calendar-default'

const MONTH_NAMES = Array.from({ length: 12 }, (_, i) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, i, 1))),
)

/**
 * The year selector offers the current year and the next 5. A saved year before them (set
 * in an earlier year) is listed first, so the selector shows what is saved rather than a blank.
 */
export function yearOptions(now: Date = new Date(), saved?: number | null): number[] {
  const first = now.getUTCFullYear()
  const years = Array.from({ length: YEARS_AHEAD + 1 }, (_, i) => first + i)
  return saved && saved < first ? [saved, ...years] : years
}

export function CalendarDefaultSettings({
  month,
  year,
}: {
  month: number | null | undefined
  year: number | null | undefined
}) {
  const now = new Date()
  const [selectedMonth, setSelectedMonth] = useState(String(month ?? now.getUTCMonth() + 1))
  const [selectedYear, setSelectedYear] = useState(String(year ?? now.getUTCFullYear()))
  const update = useUpdateCalendarDefault()
  const years = yearOptions(now, year)
  const available = useAvailableMonths()
  // Decision 011: a saved default in the past or without available days is not what visitors see.
  const unused = available.data
    ? unusedDefaultMonth({
        defaultMonth: month ?? null,
        defaultYear: year ?? null,
        availableMonths: available.data.months,
        now,
      })
    : null

  useEffect(() => {
    if (month) setSelectedMonth(String(month))
    if (year) setSelectedYear(String(year))
  }, [month, year])

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    update.mutate(
      { month: Number(selectedMonth), year: Number(selectedYear) },
      {
        onSuccess: () =>
          toast({
            title: 'Settings Saved',
            description: `The calendar now opens on ${MONTH_NAMES[Number(selectedMonth) - 1]} ${selectedYear}.`,
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Update Failed',
            description: errorDescription(error, 'Failed to save the calendar settings. Please try again.'),
          }),
      },
    )
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Default Calendar Month</CardTitle>
        <CardDescription>The month the public calendar opens on.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="flex flex-wrap items-end gap-3" onSubmit={handleSubmit}>
          <div className="w-44 space-y-2">
            <Label htmlFor="settings-default-month">Default Month</Label>
            <Select value={selectedMonth} onValueChange={setSelectedMonth}>
              <SelectTrigger id="settings-default-month">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {MONTH_NAMES.map((name, i) => (
                  <SelectItem key={name} value={String(i + 1)}>
                    {name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="w-32 space-y-2">
            <Label htmlFor="settings-default-year">Default Year</Label>
            <Select value={selectedYear} onValueChange={setSelectedYear}>
              <SelectTrigger id="settings-default-year">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {years.map((y) => (
                  <SelectItem key={y} value={String(y)}>
                    {y}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Calendar Settings'}
          </Button>
        </form>
        {unused ? (
          <p className="mt-4 flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{unusedDefaultMonthText(unused)}</span>
          </p>
        ) : null}
      </CardContent>
    </Card>
  )
}

import { Check, X } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { errorDescription } from '#client/features/admin/hooks/error-message.ts'
import type { AdminCalendarDayDto } from '#shared/admin-dto.ts'
import { formatDayDate, formatPrice } from '#shared/format.ts'
import { useUpdateCalendarDay } from '../api/update-calendar-day'
import { parseDayPrice } from '../day-price'

/** Inline price edit, greater than 0, input minimum 1 and step 0.01. */
export function DayPriceEditor({ day, onDone }: { day: AdminCalendarDayDto; onDone: () => void }) {
  const [value, setValue] = useState(String(day.price))
  const update = useUpdateCalendarDay()
  const inputId = `price-${day.id}`

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = parseDayPrice(value)
    if (!parsed.ok) {
      toast({ variant: 'destructive', title: 'Invalid Price', description: parsed.message })
      return
    }
    update.mutate(
      { id: day.id, input: { price: parsed.price } },
      {
        onSuccess: () => {
          toast({
            title: 'Price Updated',
            description: `${formatDayDate(day.date)} now costs ${formatPrice(parsed.price)}.`,
          })
          onDone()
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Update Failed',
            // A sold or held day answers 409 with why; anything else gets the generic text.
            description: errorDescription(error, 'Failed to update the calendar day. Please try again.'),
          }),
      },
    )
  }

  return (
    // noValidate: the 'Invalid Price' toast explains the rule instead of the browser's bubble.
    <form className="flex items-center gap-1" onSubmit={handleSubmit} noValidate>
      <label htmlFor={inputId} className="sr-only">
        {`Price for ${formatDayDate(day.date)}`}
      </label>
      <Input
        id={inputId}
        type="number"
        min={1}
        step="0.01"
        className="h-9 w-24"
        value={value}
        autoFocus
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onDone()
        }}
      />
      <Button
        type="submit"
        size="icon"
        className="size-9"
        aria-label="Save price"
        disabled={update.isPending}
      >
        <Check aria-hidden="true" />
      </Button>
      <Button
        type="button"
        size="icon"
        variant="ghost"
        className="size-9"
        aria-label="Cancel price edit"
        onClick={onDone}
      >
        <X aria-hidden="true" />
      </Button>
    </form>
  )
}

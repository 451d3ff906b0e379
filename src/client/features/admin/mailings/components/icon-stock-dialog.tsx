import { type FormEvent, useEffect, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import { FieldError, fieldErrorProps } from '#client/components/ui/form-field.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { errorDescription } from '#client/features/admin/hooks/error-message.ts'
import { formatPrice } from '#shared/format.ts'
import { type MailingIconStockDto, type MonthKey, mailingMonthLabel } from '#shared/mailings.ts'
import { useMailingIconStock, useUpdateIconStock } from '../api/mailing-icon-stock'
import { iconSizeLabel } from '../mailing-display'

export const MAX_ICON_STOCK = 10_000
const QUANTITY_MESSAGE = `Enter a whole number from 0 to ${MAX_ICON_STOCK.toLocaleString('en-US')}.`

/** Each mailing has its own stock of every icon; never below what is claimed (the server checks). */
export function IconStockDialog({ month, onClose }: { month: MonthKey | null; onClose: () => void }) {
  const { data, isPending, isError } = useMailingIconStock(month)
  const label = month ? mailingMonthLabel(month) : ''
  return (
    <Dialog open={month !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Icon Stock</DialogTitle>
          <DialogDescription>
            {`How many of each map icon the ${label} mailing can sell. Claimed counts paid orders and live holds.`}
          </DialogDescription>
        </DialogHeader>
        {isPending ? (
          <Spinner label="Loading icon stock..." />
        ) : isError || !data ? (
          <p className="text-red-800">Failed to load the icon stock. Please try again.</p>
        ) : data.icons.length === 0 ? (
          <p className="text-slate-700">There are no map icons yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {data.icons.map((icon) => (
              <IconStockItem key={icon.iconId} month={data.month} icon={icon} />
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  )
}

function IconStockItem({ month, icon }: { month: MonthKey; icon: MailingIconStockDto }) {
  const [quantity, setQuantity] = useState(String(icon.quantity))
  const [error, setError] = useState<string | undefined>()
  const update = useUpdateIconStock()
  const inputId = `icon-stock-${icon.iconId}`
  const errorId = `${inputId}-error`
  const hintId = `${inputId}-hint`
  // A saved quantity (this one, or one reloaded) becomes the field's value.
  useEffect(() => setQuantity(String(icon.quantity)), [icon.quantity])

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const value = Number(quantity)
    if (quantity.trim() === '' || !Number.isInteger(value) || value < 0 || value > MAX_ICON_STOCK) {
      setError(QUANTITY_MESSAGE)
      return
    }
    setError(undefined)
    update.mutate(
      { month, iconId: icon.iconId, quantity: value },
      {
        onSuccess: (saved) =>
          toast({
            title: 'Icon Stock Saved',
            description: `${saved.name}: ${saved.quantity} for the ${mailingMonthLabel(month)} mailing.`,
          }),
        onError: (failure) =>
          setError(errorDescription(failure, 'Failed to save the quantity. Please try again.')),
      },
    )
  }

  return (
    <li className="py-3">
      <form
        className="grid gap-2 sm:grid-cols-[1fr_8rem_auto] sm:items-end"
        onSubmit={handleSubmit}
        noValidate
      >
        <div className="min-w-0">
          <p className="font-semibold">{icon.name}</p>
          <p id={hintId} className="text-sm text-slate-700">
            {`${iconSizeLabel(icon.size)} · ${formatPrice(icon.price)} · ${icon.claimed} claimed · ${icon.available} available`}
          </p>
        </div>
        <div className="space-y-1">
          <Label htmlFor={inputId}>
            Quantity<span className="sr-only"> of {icon.name}</span>
          </Label>
          <Input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_ICON_STOCK}
            step={1}
            value={quantity}
            onChange={(e) => {
              setQuantity(e.target.value)
              setError(undefined)
            }}
            {...fieldErrorProps(error, errorId, hintId)}
          />
        </div>
        <Button type="submit" variant="outline" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
          <span className="sr-only"> quantity of {icon.name}</span>
        </Button>
        <div className="sm:col-span-3">
          <FieldError id={errorId} error={error} />
        </div>
      </form>
    </li>
  )
}

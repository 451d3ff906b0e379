import { type FormEvent, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardContent } from '#client/components/ui/card.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { errorDescription } from '#client/features/admin/hooks/error-message.ts'
import { useLoadErrorToast } from '#client/features/admin/hooks/use-load-error-toast.ts'
import type { SellableDayDto } from '#shared/admin-orders.ts'
import { useCreateManualOrder } from '../api/create-manual-order'
import { CustomerFields, isManualOrderComplete, missingInformationToast } from './customer-fields'
import { DayCombobox } from './day-combobox'
import {
  amountText,
  INITIAL_TERMS,
  OrderTermsFields,
  type OrderTermsState,
  orderCreatedText,
  termsToSend,
} from './order-terms-fields'

/**
 * An order for an available day, created by the administrator. The day is
 * searched among those that can still be sold, and the order may charge another amount, be a free
 * non-profit feature, await payment, and e-mail the buyer.
 */
export function ManualOrderForm() {
  const [businessName, setBusinessName] = useState('')
  const [email, setEmail] = useState('')
  const [day, setDay] = useState<SellableDayDto | null>(null)
  const [terms, setTerms] = useState<OrderTermsState>(INITIAL_TERMS)
  // A new picker after each order: the simplest way to clear its text and list.
  const [pickerKey, setPickerKey] = useState(0)
  const [isLoadError, setLoadError] = useState(false)
  useLoadErrorToast(isLoadError, 'Failed to load calendar days. Please try again.')
  const create = useCreateManualOrder()

  function chooseDay(next: SellableDayDto | null) {
    setDay(next)
    if (next) setTerms((current) => ({ ...current, amount: amountText(next.price) }))
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!isManualOrderComplete(businessName, email, day?.id ?? '') || !day)
      return void toast(missingInformationToast())
    const settled = termsToSend(terms)
    if ('error' in settled)
      return void toast({ variant: 'destructive', title: 'Invalid Amount', description: settled.error })
    create.mutate(
      { businessName: businessName.trim(), email: email.trim(), dayId: day.id, ...settled.terms },
      {
        onSuccess: (order) => {
          toast({ title: 'Order Created', description: orderCreatedText(order.id, settled.terms) })
          setBusinessName('')
          setEmail('')
          setDay(null)
          setTerms(INITIAL_TERMS)
          setPickerKey((k) => k + 1)
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Order Creation Failed',
            description: errorDescription(error, 'Failed to create the order. Please try again.'),
          }),
      },
    )
  }

  return (
    <Card className="max-w-xl">
      <CardContent className="pt-6">
        <form className="space-y-4" onSubmit={handleSubmit} noValidate>
          <CustomerFields
            idPrefix="manual-order"
            businessName={businessName}
            email={email}
            onBusinessNameChange={setBusinessName}
            onEmailChange={setEmail}
          />
          <div className="space-y-2">
            <Label htmlFor="manual-order-day">Day</Label>
            <DayCombobox
              key={pickerKey}
              id="manual-order-day"
              value={day}
              onChange={chooseDay}
              onLoadError={setLoadError}
            />
          </div>
          <OrderTermsFields
            idPrefix="manual-order"
            terms={terms}
            price={day?.price ?? null}
            onChange={setTerms}
          />
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create Order'}
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}

import { type FormEvent, useState } from 'react'
import { formatDayDate, formatPrice } from '../../../../../shared/format'
import { Button } from '../../../../components/ui/button'
import { Card, CardContent } from '../../../../components/ui/card'
import { Label } from '../../../../components/ui/label'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../../../components/ui/select'
import { Spinner } from '../../../../components/ui/spinner'
import { toast } from '../../../../components/ui/use-toast'
import { errorDescription } from '../../hooks/error-message'
import { useLoadErrorToast } from '../../hooks/use-load-error-toast'
import { useCreateManualOrder } from '../api/create-manual-order'
import { useAvailableDays } from '../api/get-available-days'
import { CustomerFields, isManualOrderComplete, missingInformationToast } from './customer-fields'

/** Spec section 4: a paid order for an available day, created by the administrator. */
export function ManualOrderForm() {
  const [businessName, setBusinessName] = useState('')
  const [email, setEmail] = useState('')
  const [dayId, setDayId] = useState('')
  const { data, isPending, isError } = useAvailableDays()
  useLoadErrorToast(isError, 'Failed to load calendar days. Please try again.')
  const create = useCreateManualOrder()
  const days = data?.days ?? []

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!isManualOrderComplete(businessName, email, dayId)) return void toast(missingInformationToast())
    create.mutate(
      { businessName: businessName.trim(), email: email.trim(), dayId },
      {
        onSuccess: (order) => {
          toast({
            title: 'Order Created',
            description: `Order ${order.id} has been created and marked paid.`,
          })
          setBusinessName('')
          setEmail('')
          setDayId('')
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
            {isPending ? (
              <Spinner label="Loading available days..." className="py-2" />
            ) : days.length === 0 ? (
              <p className="text-slate-700">No available days</p>
            ) : (
              <Select value={dayId} onValueChange={setDayId}>
                <SelectTrigger id="manual-order-day" aria-required="true">
                  <SelectValue placeholder="Select a day" />
                </SelectTrigger>
                <SelectContent>
                  {days.map((day) => (
                    <SelectItem key={day.id} value={day.id}>
                      {`${formatDayDate(day.date)} (${formatPrice(day.price)})`}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </div>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create Order'}
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}

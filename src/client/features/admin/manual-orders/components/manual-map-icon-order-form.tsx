import { type FormEvent, useState } from 'react'
import { formatPrice } from '../../../../../shared/format'
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
import { ApiError } from '../../../../lib/api-client'
import { errorDescription } from '../../hooks/error-message'
import { useLoadErrorToast } from '../../hooks/use-load-error-toast'
import { useCreateManualMapIconOrder } from '../api/create-manual-map-icon-order'
import { useMapIconOptions } from '../api/get-map-icon-options'
import { CustomerFields, isManualOrderComplete, missingInformationToast } from './customer-fields'

/** Spec section 4: a paid manual icon order (MAP-xxxxx) takes one from the icon's remaining quantity. */
export function ManualMapIconOrderForm() {
  const [businessName, setBusinessName] = useState('')
  const [email, setEmail] = useState('')
  const [iconId, setIconId] = useState('')
  const { data, isPending, isError } = useMapIconOptions()
  useLoadErrorToast(isError, 'Failed to load map icon options.')
  const create = useCreateManualMapIconOrder()
  const icons = data?.icons ?? []
  const hasAvailable = icons.some((icon) => icon.availableQuantity > 0)

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!isManualOrderComplete(businessName, email, iconId)) return void toast(missingInformationToast())
    create.mutate(
      { businessName: businessName.trim(), email: email.trim(), iconId },
      {
        onSuccess: (order) => {
          toast({
            title: 'Order Created',
            description: `Order ${order.id} has been created and marked paid.`,
          })
          setBusinessName('')
          setEmail('')
          setIconId('')
        },
        onError: (error) => {
          // A sold-out icon is a conflict the server refuses (spec section 8, 'Icon Unavailable').
          const isUnavailable = error instanceof ApiError && (error.status === 409 || error.status === 422)
          toast({
            variant: 'destructive',
            title: isUnavailable ? 'Icon Unavailable' : 'Order Creation Failed',
            description: errorDescription(
              error,
              isUnavailable
                ? 'This icon is not available for booking'
                : 'Failed to create the order. Please try again.',
            ),
          })
        },
      },
    )
  }

  return (
    <Card className="max-w-xl">
      <CardContent className="pt-6">
        <form className="space-y-4" onSubmit={handleSubmit} noValidate>
          <CustomerFields
            idPrefix="manual-icon-order"
            businessName={businessName}
            email={email}
            onBusinessNameChange={setBusinessName}
            onEmailChange={setEmail}
          />
          <div className="space-y-2">
            <Label htmlFor="manual-icon-order-icon">Icon</Label>
            {isPending ? (
              <Spinner label="Loading map icons..." className="py-2" />
            ) : isError ? (
              <p className="text-red-800">Failed to load map icon options.</p>
            ) : !hasAvailable ? (
              <p className="text-slate-700">No available icons</p>
            ) : (
              <Select value={iconId} onValueChange={setIconId}>
                <SelectTrigger id="manual-icon-order-icon" aria-required="true">
                  <SelectValue placeholder="Select an icon" />
                </SelectTrigger>
                <SelectContent>
                  {icons.map((icon) => (
                    <SelectItem key={icon.id} value={icon.id} disabled={icon.availableQuantity <= 0}>
                      {`${icon.name} (${formatPrice(icon.price)}), ${icon.availableQuantity} of ${icon.totalQuantity} remaining`}
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

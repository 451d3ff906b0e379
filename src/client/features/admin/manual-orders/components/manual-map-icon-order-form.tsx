import { type FormEvent, useState } from 'react'
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
import { Spinner } from '#client/components/ui/spinner.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { errorDescription } from '#client/features/admin/hooks/error-message.ts'
import { useLoadErrorToast } from '#client/features/admin/hooks/use-load-error-toast.ts'
import { ApiError } from '#client/lib/api-client.ts'
import { formatPrice } from '#shared/format.ts'
import { type MonthKey, mailingMonthLabel, NO_OPEN_MAILING } from '#shared/mailings.ts'
import { useCreateManualMapIconOrder } from '../api/create-manual-map-icon-order'
import { useMailingIconOptions } from '../api/get-mailing-icon-options'
import { firstOpenMailing, orderableMailings, useOrderMailings } from '../api/get-order-mailings'
import { CustomerFields, isManualOrderComplete, missingInformationToast } from './customer-fields'
import {
  amountText,
  INITIAL_TERMS,
  OrderTermsFields,
  type OrderTermsState,
  orderCreatedText,
  termsToSend,
} from './order-terms-fields'

/**
 * A manual icon order (MAP-xxxxx) takes one from the icon's remaining quantity: the stock is the chosen
 * mailing's own (the first open one unless the admin picks another). Its terms: another amount, a free
 * non-profit feature, awaiting payment (still a claim on the stock), an e-mail.
 */
export function ManualMapIconOrderForm() {
  const [businessName, setBusinessName] = useState('')
  const [email, setEmail] = useState('')
  const [iconId, setIconId] = useState('')
  const [chosenMonth, setChosenMonth] = useState<MonthKey | null>(null)
  const [terms, setTerms] = useState<OrderTermsState>(INITIAL_TERMS)
  const mailings = useOrderMailings()
  useLoadErrorToast(mailings.isError, 'Failed to load the mailings.')
  const choices = orderableMailings(mailings.data)
  // A chosen mailing that has closed meanwhile gives way to the first open one.
  const month = choices.some((row) => row.month === chosenMonth)
    ? chosenMonth
    : firstOpenMailing(mailings.data)
  const stock = useMailingIconOptions(month)
  useLoadErrorToast(stock.isError, 'Failed to load map icon options.')
  const create = useCreateManualMapIconOrder()
  const icons = stock.data?.icons ?? []
  const hasAvailable = icons.some((icon) => icon.available > 0)
  const chosenIcon = icons.find((icon) => icon.iconId === iconId)

  function chooseIcon(next: string) {
    setIconId(next)
    const icon = icons.find((i) => i.iconId === next)
    if (icon) setTerms((current) => ({ ...current, amount: amountText(icon.price) }))
  }

  function chooseMonth(next: MonthKey) {
    setChosenMonth(next)
    setIconId('')
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!isManualOrderComplete(businessName, email, iconId) || month === null)
      return void toast(missingInformationToast())
    const settled = termsToSend(terms)
    if ('error' in settled)
      return void toast({ variant: 'destructive', title: 'Invalid Amount', description: settled.error })
    create.mutate(
      { businessName: businessName.trim(), email: email.trim(), iconId, month, ...settled.terms },
      {
        onSuccess: (order) => {
          toast({ title: 'Order Created', description: orderCreatedText(order.id, settled.terms) })
          setBusinessName('')
          setEmail('')
          setIconId('')
          setTerms(INITIAL_TERMS)
        },
        onError: (error) => {
          // A sold-out icon is a conflict the server refuses ('Icon Unavailable').
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
      <CardHeader>
        <CardTitle className="text-xl">Manual Map Icon Order</CardTitle>
        <CardDescription>Create a map icon order by hand.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={handleSubmit} noValidate>
          <CustomerFields
            idPrefix="manual-icon-order"
            businessName={businessName}
            email={email}
            onBusinessNameChange={setBusinessName}
            onEmailChange={setEmail}
          />
          <div className="space-y-2">
            <Label htmlFor="manual-icon-order-mailing">Mailing</Label>
            {mailings.isPending ? (
              <Spinner label="Loading mailings..." className="py-2" />
            ) : mailings.isError ? (
              <p className="text-red-800">Failed to load the mailings.</p>
            ) : choices.length === 0 ? (
              <p className="text-slate-700">{NO_OPEN_MAILING}</p>
            ) : (
              <Select value={month ?? undefined} onValueChange={chooseMonth}>
                <SelectTrigger id="manual-icon-order-mailing" aria-required="true">
                  <SelectValue placeholder="Select a mailing" />
                </SelectTrigger>
                <SelectContent>
                  {choices.map((row) => (
                    <SelectItem key={row.month} value={row.month}>
                      {mailingMonthLabel(row.month)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </div>
          {month === null ? null : (
            <div className="space-y-2">
              <Label htmlFor="manual-icon-order-icon">Icon</Label>
              {stock.isPending ? (
                <Spinner label="Loading map icons..." className="py-2" />
              ) : stock.isError ? (
                <p className="text-red-800">Failed to load map icon options.</p>
              ) : !hasAvailable ? (
                <p className="text-slate-700">No available icons</p>
              ) : (
                <Select value={iconId} onValueChange={chooseIcon}>
                  <SelectTrigger id="manual-icon-order-icon" aria-required="true">
                    <SelectValue placeholder="Select an icon" />
                  </SelectTrigger>
                  <SelectContent>
                    {icons.map((icon) => (
                      <SelectItem key={icon.iconId} value={icon.iconId} disabled={icon.available <= 0}>
                        {`${icon.name} (${formatPrice(icon.price)}), ${icon.available} of ${icon.quantity} remaining`}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            </div>
          )}
          <OrderTermsFields
            idPrefix="manual-icon-order"
            terms={terms}
            price={chosenIcon?.price ?? null}
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

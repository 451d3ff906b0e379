import { Minus, Plus } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { PageContainer, PageTitle } from '#client/app/layout/page-section.tsx'
import { useDocumentTitle } from '#client/app/use-document-title.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { FieldError, FormField, fieldErrorProps } from '#client/components/ui/form-field.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import {
  checkoutReturnPath,
  readRememberedBuyer,
  rememberBuyer,
} from '#client/features/cart/remembered-buyer.ts'
import { startSpecialPurchaseCheckout } from '#client/features/special-purchase/api/create-special-purchase-checkout.ts'
import {
  correctUnitsText,
  DEFAULT_SPECIAL_PURCHASE_DESCRIPTION,
  findSpecialPurchaseProblem,
  formatSpecialPurchaseTotal,
  readUnits,
  SPECIAL_PURCHASE_MIN_UNITS,
  SPECIAL_PURCHASE_UNIT_TEXT,
  specialPurchaseAmount,
  specialPurchaseDescription,
} from '#shared/special-purchase.ts'

type Field = 'units' | 'businessName' | 'email'

export function SpecialPurchasePage() {
  useDocumentTitle('Special Purchase')
  const ids = useId()
  // The raw text lets the visitor clear the box while typing; the units derive from it (a
  // fraction or a number below 1 is no quantity, so the total never disagrees with the field).
  const [quantityText, setQuantityText] = useState('1')
  const [description, setDescription] = useState('')
  // Back from the payment page (Cancel), the buyer finds the name and e-mail as they left them.
  const [buyer, setBuyer] = useState(readRememberedBuyer)
  const [errors, setErrors] = useState<Partial<Record<'businessName' | 'email', string>>>({})
  const [isSubmitting, setIsSubmitting] = useState(false)
  const { units, problem: unitsProblem } = readUnits(quantityText)

  function step(delta: number) {
    const from = units ?? Math.max(SPECIAL_PURCHASE_MIN_UNITS, Math.trunc(Number(quantityText)) || 1)
    setQuantityText(String(Math.max(SPECIAL_PURCHASE_MIN_UNITS, from + delta)))
  }

  function changeBuyer(field: 'businessName' | 'email', value: string) {
    setBuyer((current) => ({ ...current, [field]: value }))
    setErrors(({ [field]: _, ...rest }) => rest)
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const { businessName, email } = buyer
    // Every field's problem inline, the first one (units, business name, e-mail) in the toast, the focus on
    // its field.
    const fieldErrors = {
      businessName: findSpecialPurchaseProblem({ units: 1, businessName, email: 'a@b.co' })?.description,
      email: findSpecialPurchaseProblem({ units: 1, businessName: 'x', email })?.description,
    }
    setErrors(fieldErrors)
    const problem = findSpecialPurchaseProblem({ units: units ?? Number.NaN, businessName, email })
    if (problem) {
      toast({ variant: 'destructive', title: problem.title, description: problem.description })
      const first = (['units', 'businessName', 'email'] as const).find((field: Field) =>
        field === 'units' ? units === null : fieldErrors[field],
      )
      document.getElementById(`${ids}-${first ?? problem.field}`)?.focus()
      return
    }
    if (units === null) return
    rememberBuyer({ businessName: businessName.trim(), email: email.trim() })
    setIsSubmitting(true)
    try {
      const { sessionUrl } = await startSpecialPurchaseCheckout({
        businessName: businessName.trim(),
        email: email.trim(),
        units,
        description: specialPurchaseDescription(description),
        amount: specialPurchaseAmount(units),
        returnPath: checkoutReturnPath(),
      })
      window.location.assign(sessionUrl)
    } catch (error) {
      console.error(error)
      toast({
        variant: 'destructive',
        title: 'Checkout Error',
        description:
          error instanceof Error && error.message
            ? error.message
            : 'Failed to create checkout session. Please try again.',
      })
      setIsSubmitting(false)
    }
  }

  return (
    <PageContainer className="max-w-2xl space-y-6">
      <header className="space-y-2">
        <PageTitle>Special Purchase</PageTitle>
        <p className="text-slate-800">Order custom units at a flat price of $1 per unit.</p>
      </header>
      <Card>
        <CardHeader>
          <CardTitle>Your Order</CardTitle>
        </CardHeader>
        <CardContent>
          <form className="space-y-6" noValidate onSubmit={handleSubmit}>
            <fieldset disabled={isSubmitting} className="space-y-6">
              <div className="space-y-2">
                <Label htmlFor={`${ids}-units`}>Quantity</Label>
                <div className="flex items-center gap-2">
                  <Button
                    variant="outline"
                    size="icon"
                    aria-label="Decrease quantity"
                    aria-controls={`${ids}-units`}
                    disabled={units !== null && units <= SPECIAL_PURCHASE_MIN_UNITS}
                    onClick={() => step(-1)}
                  >
                    <Minus aria-hidden="true" />
                  </Button>
                  <Input
                    id={`${ids}-units`}
                    type="number"
                    inputMode="numeric"
                    min={SPECIAL_PURCHASE_MIN_UNITS}
                    step={1}
                    value={quantityText}
                    onChange={(event) => setQuantityText(event.target.value)}
                    onBlur={() => setQuantityText(correctUnitsText(quantityText))}
                    className="w-24 text-center"
                    {...fieldErrorProps(unitsProblem ?? undefined, `${ids}-units-error`, `${ids}-units-hint`)}
                  />
                  <Button
                    variant="outline"
                    size="icon"
                    aria-label="Increase quantity"
                    aria-controls={`${ids}-units`}
                    onClick={() => step(1)}
                  >
                    <Plus aria-hidden="true" />
                  </Button>
                </div>
                <p id={`${ids}-units-hint`} className="text-sm text-slate-700">
                  {SPECIAL_PURCHASE_UNIT_TEXT}
                </p>
                <FieldError id={`${ids}-units-error`} error={unitsProblem ?? undefined} />
              </div>
              <div className="space-y-2">
                <Label htmlFor={`${ids}-description`}>Description (optional)</Label>
                <Input
                  id={`${ids}-description`}
                  value={description}
                  placeholder={DEFAULT_SPECIAL_PURCHASE_DESCRIPTION}
                  maxLength={200}
                  onChange={(event) => setDescription(event.target.value)}
                />
              </div>
              <FormField
                id={`${ids}-businessName`}
                label="Business Name"
                autoComplete="organization"
                required
                value={buyer.businessName}
                error={errors.businessName}
                onChange={(event) => changeBuyer('businessName', event.target.value)}
              />
              <FormField
                id={`${ids}-email`}
                label="Email"
                type="email"
                autoComplete="email"
                required
                value={buyer.email}
                error={errors.email}
                onChange={(event) => changeBuyer('email', event.target.value)}
              />
            </fieldset>
            <div className="flex items-center justify-between border-t border-slate-200 pt-4 text-lg">
              <span className="font-medium">Total</span>
              <output
                htmlFor={`${ids}-units`}
                aria-live="polite"
                className="font-semibold"
                aria-label="Total"
              >
                {units === null ? '—' : formatSpecialPurchaseTotal(units)}
              </output>
            </div>
            <Button type="submit" className="w-full" size="lg" disabled={isSubmitting}>
              {isSubmitting ? 'Processing...' : 'Proceed to Payment'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </PageContainer>
  )
}

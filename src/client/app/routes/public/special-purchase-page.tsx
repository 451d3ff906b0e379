import { Minus, Plus } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import {
  DEFAULT_SPECIAL_PURCHASE_DESCRIPTION,
  findSpecialPurchaseProblem,
  formatSpecialPurchaseTotal,
  parseUnits,
  SPECIAL_PURCHASE_MIN_UNITS,
  specialPurchaseAmount,
  specialPurchaseDescription,
} from '../../../../shared/special-purchase'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'
import { toast } from '../../../components/ui/use-toast'
import { startSpecialPurchaseCheckout } from '../../../features/special-purchase/api/create-special-purchase-checkout'
import { PageContainer, PageTitle } from '../../layout/page-section'
import { useDocumentTitle } from '../../use-document-title'

export function SpecialPurchasePage() {
  useDocumentTitle('Special Purchase')
  const ids = useId()
  // The raw text lets the visitor clear the box while typing; the units derive from it (non-numeric → 1).
  const [quantityText, setQuantityText] = useState('1')
  const [description, setDescription] = useState('')
  const [businessName, setBusinessName] = useState('')
  const [email, setEmail] = useState('')
  const [isSubmitting, setIsSubmitting] = useState(false)
  const units = parseUnits(quantityText)

  function step(delta: number) {
    setQuantityText(String(Math.max(SPECIAL_PURCHASE_MIN_UNITS, units + delta)))
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const problem = findSpecialPurchaseProblem({ units, businessName, email })
    if (problem) {
      toast({ variant: 'destructive', title: problem.title, description: problem.description })
      document.getElementById(`${ids}-${problem.field}`)?.focus()
      return
    }
    setIsSubmitting(true)
    try {
      const { sessionUrl } = await startSpecialPurchaseCheckout({
        businessName: businessName.trim(),
        email: email.trim(),
        units,
        description: specialPurchaseDescription(description),
        amount: specialPurchaseAmount(units),
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
                    disabled={units <= SPECIAL_PURCHASE_MIN_UNITS}
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
                    onBlur={() => setQuantityText(String(units))}
                    className="w-24 text-center"
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
              <div className="space-y-2">
                <Label htmlFor={`${ids}-businessName`}>Business Name</Label>
                <Input
                  id={`${ids}-businessName`}
                  autoComplete="organization"
                  required
                  value={businessName}
                  onChange={(event) => setBusinessName(event.target.value)}
                />
              </div>
              <div className="space-y-2">
                <Label htmlFor={`${ids}-email`}>Email</Label>
                <Input
                  id={`${ids}-email`}
                  type="email"
                  autoComplete="email"
                  required
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                />
              </div>
            </fieldset>
            <div className="flex items-center justify-between border-t border-slate-200 pt-4 text-lg">
              <span className="font-medium">Total</span>
              <output
                htmlFor={`${ids}-units`}
                aria-live="polite"
                className="font-semibold"
                aria-label="Total"
              >
                {formatSpecialPurchaseTotal(units)}
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

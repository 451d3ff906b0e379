import { type FormEvent, useId, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'
import { toast } from '../../../components/ui/use-toast'
import type { BookingDetails, CheckoutIssue } from '../checkout-validation'

type BookingInformationProps = {
  isDisabled?: boolean
  submitLabel: string
  /** The spec's checks in order; the first issue is shown as a toast and stops the submit. */
  validate: (details: BookingDetails) => CheckoutIssue | null
  /** Runs the checkout; it reports its own failures. */
  onSubmit: (details: BookingDetails) => Promise<void>
}

/** Business name and e-mail (spec sections 2 and 5), shared by the cart and the single checkouts. */
export function BookingInformation({
  isDisabled = false,
  submitLabel,
  validate,
  onSubmit,
}: BookingInformationProps) {
  const id = useId()
  const [businessName, setBusinessName] = useState('')
  const [email, setEmail] = useState('')
  const [isSubmitting, setIsSubmitting] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (isSubmitting) return
    const details = { businessName: businessName.trim(), email: email.trim() }
    const issue = validate(details)
    if (issue) {
      toast({ variant: 'destructive', ...issue })
      return
    }
    setIsSubmitting(true)
    try {
      await onSubmit(details)
    } finally {
      setIsSubmitting(false)
    }
  }

  return (
    <form className="space-y-4" noValidate onSubmit={submit}>
      <fieldset disabled={isDisabled || isSubmitting} className="space-y-4">
        <div className="space-y-2">
          <Label htmlFor={`${id}-business-name`}>Business Name</Label>
          <Input
            id={`${id}-business-name`}
            name="businessName"
            autoComplete="organization"
            required
            value={businessName}
            onChange={(event) => setBusinessName(event.target.value)}
          />
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-email`}>Email</Label>
          <Input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <Button type="submit" className="w-full">
          {isSubmitting ? 'Processing...' : submitLabel}
        </Button>
      </fieldset>
    </form>
  )
}

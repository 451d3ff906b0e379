import { type FormEvent, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '#client/components/ui/button.tsx'
import { FormField } from '#client/components/ui/form-field.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { REFUND_POLICY_LINK_TEXT, REFUND_POLICY_PATH } from '#shared/refund-policy.ts'
import {
  type BookingDetails,
  type BookingField,
  bookingFieldErrors,
  type CheckoutIssue,
} from '../checkout-validation'
import { readRememberedBuyer, rememberBuyer } from '../remembered-buyer'

type BookingInformationProps = {
  isDisabled?: boolean
  submitLabel: string
  /** The checks in order; the first issue is shown as a toast and stops the submit. */
  validate: (details: BookingDetails) => CheckoutIssue | null
  /** Runs the checkout; it reports its own failures. */
  onSubmit: (details: BookingDetails) => Promise<void>
}

const FIELD_ORDER: BookingField[] = ['businessName', 'email']

/**
 * Business name and e-mail, shared by the cart and the single checkouts, with the refund policy linked
 * below the button that leads to payment. A
 * problem shows in its toast and under its field, and the first invalid field takes the focus.
 * The values come back after Cancel on the payment page (kept for this tab).
 */
export function BookingInformation({
  isDisabled = false,
  submitLabel,
  validate,
  onSubmit,
}: BookingInformationProps) {
  const id = useId()
  const [details, setDetails] = useState<BookingDetails>(readRememberedBuyer)
  const [errors, setErrors] = useState<Partial<Record<BookingField, string>>>({})
  const [isSubmitting, setIsSubmitting] = useState(false)
  const inputs = useRef<Partial<Record<BookingField, HTMLInputElement | null>>>({})

  function change(field: BookingField, value: string) {
    setDetails((current) => ({ ...current, [field]: value }))
    // The message goes once the visitor edits the field; the next submit checks it again.
    setErrors(({ [field]: _, ...rest }) => rest)
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (isSubmitting) return
    const trimmed = { businessName: details.businessName.trim(), email: details.email.trim() }
    const fieldErrors = bookingFieldErrors(trimmed)
    setErrors(fieldErrors)
    const firstInvalid = FIELD_ORDER.find((field) => fieldErrors[field])
    if (firstInvalid) inputs.current[firstInvalid]?.focus()
    const issue = validate(trimmed)
    if (issue) {
      toast({ variant: 'destructive', ...issue })
      return
    }
    rememberBuyer(trimmed)
    setIsSubmitting(true)
    try {
      await onSubmit(trimmed)
    } finally {
      setIsSubmitting(false)
    }
  }

  return (
    <form className="space-y-4" noValidate onSubmit={submit}>
      <fieldset disabled={isDisabled || isSubmitting} className="space-y-4">
        <FormField
          ref={(input) => {
            inputs.current.businessName = input
          }}
          id={`${id}-business-name`}
          label="Business Name"
          name="businessName"
          autoComplete="organization"
          required
          value={details.businessName}
          error={errors.businessName}
          onChange={(event) => change('businessName', event.target.value)}
        />
        <FormField
          ref={(input) => {
            inputs.current.email = input
          }}
          id={`${id}-email`}
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={details.email}
          error={errors.email}
          onChange={(event) => change('email', event.target.value)}
        />
        <Button type="submit" className="w-full">
          {isSubmitting ? 'Processing...' : submitLabel}
        </Button>
      </fieldset>
      <p className="text-sm">
        <Link to={REFUND_POLICY_PATH} className="text-blue-700 underline">
          {REFUND_POLICY_LINK_TEXT}
        </Link>
      </p>
    </form>
  )
}

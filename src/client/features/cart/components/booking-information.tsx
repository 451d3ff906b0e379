import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'

/** Spec section 2: business name and e-mail; disabled while the cart is empty. */
export function BookingInformation({ isDisabled }: { isDisabled: boolean }) {
  return (
    <form className="space-y-4" noValidate onSubmit={(event) => event.preventDefault()}>
      <fieldset disabled={isDisabled} className="space-y-4">
        <div className="space-y-2">
          <Label htmlFor="business-name">Business Name</Label>
          <Input id="business-name" name="businessName" autoComplete="organization" required />
        </div>
        <div className="space-y-2">
          <Label htmlFor="booking-email">Email</Label>
          <Input id="booking-email" name="email" type="email" autoComplete="email" required />
        </div>
      </fieldset>
    </form>
  )
}

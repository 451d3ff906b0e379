import { LazyForm } from '../../../components/lazy-form'
import { EmailWaitlistFormView } from './email-waitlist-form-view'

const loadForm = () => import('./email-waitlist-form-validated').then((m) => m.ValidatedEmailWaitlistForm)

/**
 * The e-mail-only waitlist on /5k-example (validation loads on first use). Spec section 7: this form
 * makes no call; it only thanks the visitor with its own text (section 8, lower-case 'you').
 */
export function EmailWaitlistForm() {
  return (
    <LazyForm
      load={loadForm}
      standIn={(form) => <EmailWaitlistFormView form={form} field={(name) => ({ name })} />}
    />
  )
}

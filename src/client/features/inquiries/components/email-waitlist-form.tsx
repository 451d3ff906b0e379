import { LazyForm } from '#client/components/lazy-form.tsx'
import { EmailWaitlistFormView } from './email-waitlist-form-view'

const loadForm = () => import('./email-waitlist-form-validated').then((m) => m.ValidatedEmailWaitlistForm)

/**
 * The e-mail-only waitlist on /5k-example (validation loads on first use), thanking the visitor with its own
 * text (lower-case 'you'). It stores the address (type waitlist) rather than dropping it:
 * docs/decisions/010-5k-example-waitlist-is-stored.md.
 */
export function EmailWaitlistForm() {
  return (
    <LazyForm
      load={loadForm}
      standIn={(form) => <EmailWaitlistFormView form={form} field={(name) => ({ name })} />}
    />
  )
}

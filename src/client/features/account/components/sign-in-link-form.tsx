import { LazyForm } from '#client/components/lazy-form.tsx'
import { SignInLinkFormView } from './sign-in-link-form-view'
import { type SignInLinkResult, SignInLinkResultContext } from './sign-in-link-result'

const loadForm = () => import('./sign-in-link-form-validated').then((m) => m.ValidatedSignInLinkForm)

/**
 * The e-mail address to send a sign-in link to. Validation (react-hook-form, zod) loads on first use: the
 * page stays within the per-route JavaScript budget.
 */
export function SignInLinkForm({ onResult }: { onResult: (result: SignInLinkResult) => void }) {
  return (
    <SignInLinkResultContext value={onResult}>
      <LazyForm
        load={loadForm}
        standIn={(form) => <SignInLinkFormView form={form} field={(name) => ({ name })} />}
      />
    </SignInLinkResultContext>
  )
}

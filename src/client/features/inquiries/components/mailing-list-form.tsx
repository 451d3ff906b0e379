import { LazyForm } from '#client/components/lazy-form.tsx'
import { MailingListFormView } from './mailing-list-form-view'

const loadForm = () => import('./mailing-list-form-validated').then((m) => m.ValidatedMailingListForm)

/** The 'Stay in The Loop!' form on /contact (validation loads on first use). */
export function MailingListForm() {
  return (
    <LazyForm
      load={loadForm}
      standIn={(form) => <MailingListFormView form={form} field={(name) => ({ name })} />}
    />
  )
}

import { AlertTriangle, MailWarning } from 'lucide-react'
import { plural } from '#shared/plural.ts'
import { useAdminStatus } from '../api/admin-status'

export const SMTP_BANNER_TEXT =
  'E-mail is not set up: e-mails are queued but not delivered. Set SMTP_URL to send them.'
export const TEST_MODE_BANNER_TEXT = 'Payments are in TEST MODE: no card is charged.'

const BANNER =
  'flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950'

/**
 * The owner must not believe buyers were e-mailed, or charged, when the site cannot do either.
 * Shown above every admin section; nothing while the status loads or when it cannot be read.
 */
export function AdminStatusBanners() {
  const { data } = useAdminStatus()
  if (!data || (data.smtpConfigured && data.paymentsMode === 'live')) return null
  return (
    <div className="space-y-2">
      {data.smtpConfigured ? null : (
        <div role="status" className={BANNER}>
          <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>
            <strong className="font-semibold">{SMTP_BANNER_TEXT}</strong>{' '}
            {data.queuedEmails === 0
              ? 'No e-mail is waiting in the outbox.'
              : `${plural(data.queuedEmails, 'e-mail')} waiting in the outbox.`}
          </p>
        </div>
      )}
      {data.paymentsMode === 'test' ? (
        <div role="status" className={BANNER}>
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>
            <strong className="font-semibold">{TEST_MODE_BANNER_TEXT}</strong> Set the Stripe keys to take
            real payments.
          </p>
        </div>
      ) : null}
    </div>
  )
}

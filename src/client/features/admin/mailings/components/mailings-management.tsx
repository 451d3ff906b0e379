import { Spinner } from '#client/components/ui/spinner.tsx'
import { OwnerDigestPanel } from '#client/features/admin/digest/components/owner-digest-panel.tsx'
import { useLoadErrorToast } from '#client/features/admin/hooks/use-load-error-toast.ts'
import { useAdminMailings } from '../api/get-admin-mailings'
import { MailingDefaultsForm } from './mailing-defaults-form'
import { MailingsChart } from './mailings-chart'
import { MailingsTable } from './mailings-table'

const LOAD_ERROR = 'Failed to load the mailings. Please try again.'

/** The owner's view: what needs them today; every mailing's dates, sales and status; the year ahead; the defaults. */
export function MailingsManagement() {
  const { data, isPending, isError } = useAdminMailings()
  useLoadErrorToast(isError, LOAD_ERROR)

  return (
    <div className="space-y-6">
      <OwnerDigestPanel />
      {isPending ? (
        <Spinner label="Loading mailings..." />
      ) : isError && !data ? (
        <p className="rounded-md border border-red-200 bg-red-50 p-4 text-red-900">{LOAD_ERROR}</p>
      ) : (
        <>
          {data.rows.length === 0 ? (
            <p className="rounded-md border border-slate-200 p-6 text-center text-slate-700">
              No mailings yet. A month's mailing is created when its calendar days are first initialized.
            </p>
          ) : (
            <MailingsTable rows={data.rows} />
          )}
          <MailingsChart points={data.chart} />
        </>
      )}
      <MailingDefaultsForm />
    </div>
  )
}

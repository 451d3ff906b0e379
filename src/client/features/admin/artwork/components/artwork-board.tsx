import { Download, FileDown, Mail } from 'lucide-react'
import { useId, useState } from 'react'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button, buttonVariants } from '#client/components/ui/button.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { ConfirmDialog } from '#client/features/admin/components/confirm-dialog.tsx'
import { Pager } from '#client/features/admin/components/pager.tsx'
import { errorDescription } from '#client/features/admin/hooks/error-message.ts'
import { useLoadErrorToast } from '#client/features/admin/hooks/use-load-error-toast.ts'
import { formatShortDate } from '#client/features/admin/mailings/mailing-display.ts'
import { ApiError } from '#client/lib/api-client.ts'
import { cn } from '#client/lib/cn.ts'
import { ARTWORK_STATE_LABELS, type ProductionLineDto } from '#shared/artwork.ts'
import { MAILING_STATUS_LABELS, type MonthKey, mailingMonthLabel } from '#shared/mailings.ts'
import { plural } from '#shared/plural.ts'
import {
  type ArtworkFilter,
  artworkZipUrl,
  proofPdfUrl,
  useApproveArtwork,
  useProductionBoard,
  useSendArtworkLink,
  useSendArtworkReminders,
} from '../api/production-board'
import { absoluteArtworkUrl, artworkCountsText, totalLines } from '../artwork-display'
import { type ArtworkLineActions, ArtworkTable, lineName } from './artwork-table'
import { RequestChangesDialog } from './request-changes-dialog'

const LOAD_ERROR = 'Failed to load the artwork. Please try again.'

const FILTERS: Array<{ value: ArtworkFilter; label: string }> = [
  { value: 'all', label: 'All' },
  ...(['missing', 'received', 'changes_requested', 'approved'] as const).map((state) => ({
    value: state,
    label: ARTWORK_STATE_LABELS[state],
  })),
]

const statusLabel = (status: string) => (MAILING_STATUS_LABELS as Record<string, string>)[status] ?? status

function failed(title: string, error: unknown, fallback: string) {
  toast({ variant: 'destructive', title, description: errorDescription(error, fallback) })
}

/**
 * One mailing's artwork — its counts, the reminders and downloads, and the lines sold, a page at a
 * time (a mailing may sell a thousand lines; the server sends one page).
 */
export function ArtworkBoard({ month }: { month: MonthKey }) {
  const [filter, setFilter] = useState<ArtworkFilter>('all')
  const [page, setPage] = useState(1)
  const [changing, setChanging] = useState<ProductionLineDto | null>(null)
  const [confirmReminders, setConfirmReminders] = useState(false)
  const { data, isPending, isError, error } = useProductionBoard(month, filter, page)
  const approve = useApproveArtwork()
  const sendLink = useSendArtworkLink()
  const reminders = useSendArtworkReminders()
  const headingId = useId()
  const label = mailingMonthLabel(month)
  const notFound = error instanceof ApiError && error.status === 404
  useLoadErrorToast(isError && !notFound, LOAD_ERROR)

  const actions: ArtworkLineActions = {
    onApprove: (line) =>
      approve.mutate(line.orderId, {
        onSuccess: () => toast({ title: 'Artwork approved', description: lineName(line) }),
        onError: (err) => failed('Approval Failed', err, 'Failed to approve the artwork. Please try again.'),
      }),
    onRequestChanges: setChanging,
    onCopyLink: (line) => {
      const url = absoluteArtworkUrl(line.artworkUrl)
      // The clipboard needs a secure context; when it is not there the link is shown to copy by hand.
      Promise.resolve()
        .then(() => navigator.clipboard.writeText(url))
        .then(
          () => toast({ title: 'Link copied', description: url }),
          () =>
            toast({ variant: 'destructive', title: 'Copy Failed', description: `Copy it by hand: ${url}` }),
        )
    },
    onEmailLink: (line) =>
      sendLink.mutate(line.orderId, {
        onSuccess: ({ sentTo }) => toast({ title: `Artwork link sent to ${sentTo}` }),
        onError: (err) =>
          failed('E-mail Failed', err, 'Failed to e-mail the artwork link. Please try again.'),
      }),
    approvingId: approve.isPending ? (approve.variables ?? null) : null,
    emailingId: sendLink.isPending ? (sendLink.variables ?? null) : null,
  }

  function sendReminders() {
    reminders.mutate(month, {
      onSuccess: ({ sent }) =>
        toast({ title: sent === 0 ? 'No artwork is missing' : `Reminders sent to ${plural(sent, 'buyer')}` }),
      onError: (err) => failed('Reminders Failed', err, 'Failed to send the reminders. Please try again.'),
    })
  }

  if (isPending) return <Spinner label="Loading artwork..." />
  if (notFound)
    return (
      <p className="rounded-md border border-slate-200 p-6 text-center text-slate-700">
        There is no {label} mailing.
      </p>
    )
  if (!data)
    return <p className="rounded-md border border-red-200 bg-red-50 p-4 text-red-900">{LOAD_ERROR}</p>

  const { mailing, lines, counts } = data
  const total = totalLines(counts)

  function chooseFilter(next: ArtworkFilter) {
    setFilter(next)
    setPage(1)
  }
  return (
    <section aria-labelledby={headingId} className="min-w-0 space-y-4">
      <div className="space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={headingId} className="text-xl">
            {mailing.label} mailing
          </h3>
          <Badge variant="outline">{statusLabel(mailing.status)}</Badge>
        </div>
        <p className="text-sm text-slate-700">
          Artwork due {mailing.artworkDueText} · In homes {formatShortDate(mailing.inHomesDate)}
        </p>
        <p className="text-sm font-medium">{artworkCountsText(counts)}</p>
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" onClick={() => setConfirmReminders(true)} disabled={reminders.isPending}>
          <Mail aria-hidden="true" />
          Send reminders now
        </Button>
        <a className={buttonVariants({ variant: 'outline' })} href={proofPdfUrl(month)} download>
          <FileDown aria-hidden="true" />
          Download proof (PDF)
        </a>
        <a className={buttonVariants({ variant: 'outline' })} href={artworkZipUrl(month)} download>
          <Download aria-hidden="true" />
          Download all artwork (ZIP)
        </a>
      </div>

      <fieldset className="min-w-0">
        <legend className="mb-2 text-sm font-medium">Show</legend>
        <div className="flex flex-wrap gap-1 rounded-md bg-slate-100 p-1">
          {FILTERS.map((option) => (
            <label
              key={option.value}
              className={cn(
                'cursor-pointer rounded-sm px-3 py-1.5 text-sm font-medium text-slate-700',
                'has-[:checked]:bg-white has-[:checked]:text-slate-900 has-[:checked]:shadow-sm',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-700',
              )}
            >
              <input
                type="radio"
                name={`${headingId}-show`}
                value={option.value}
                checked={filter === option.value}
                onChange={() => chooseFilter(option.value)}
                className="sr-only"
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>

      {lines.length === 0 ? (
        <p className="rounded-md border border-slate-200 p-6 text-center text-slate-700">
          {total === 0 || filter === 'all'
            ? 'No lines sold for this mailing yet.'
            : 'No lines match this filter.'}
        </p>
      ) : (
        <>
          <ArtworkTable lines={lines} monthLabel={mailing.label} actions={actions} />
          <Pager
            label="Artwork pages"
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={setPage}
          />
        </>
      )}

      <ConfirmDialog
        open={confirmReminders}
        onOpenChange={setConfirmReminders}
        title="Send Reminders"
        description={`E-mail every buyer whose artwork is missing for the ${mailing.label} mailing?`}
        confirmLabel="Send Reminders"
        onConfirm={sendReminders}
      />
      <RequestChangesDialog line={changing} onClose={() => setChanging(null)} />
    </section>
  )
}

import { useEffect, useState } from 'react'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { ConfirmDialog } from '#client/features/admin/components/confirm-dialog.tsx'
import { errorDescription } from '#client/features/admin/hooks/error-message.ts'
import { ARTWORK_STATE_LABELS } from '#shared/artwork.ts'
import { formatDayDate } from '#shared/format.ts'
import {
  type MailingAction,
  type MailingActionResponse,
  type MailingOverviewRow,
  mailingMonthLabel,
  mailingOpenSubject,
} from '#shared/mailings.ts'
import { agree, plural } from '#shared/plural.ts'
import {
  type PrintReadinessLine,
  type PrintReadinessResponse,
  unreadyLineIds,
} from '#shared/print-readiness.ts'
import { useApplyMailingAction } from '../api/apply-mailing-action'
import { useNotifyWaitlist } from '../api/notify-waitlist'
import { usePrintReadiness } from '../api/print-readiness'
import { formatInstant, isSalesClosePast } from '../mailing-display'

export type PendingMailingAction = { row: MailingOverviewRow; action: MailingAction | 'notify' }

type Copy = { title: string; description: string; confirmLabel: string; doneTitle: string }

/** Closing sales, or marking printed or mailed, ends the mailing's checkouts in progress: say how many. */
function endsCheckoutsText(row: MailingOverviewRow): string {
  const count = row.liveCheckouts ?? 0
  if (count === 0) return ''
  return ` ${plural(count, 'checkout')} in progress ${agree(count, 'holds', 'hold')} its days or map icons: this ends ${agree(count, 'it', 'them')}, and a payment that still arrives is refunded.`
}

function actionCopy({ row, action }: PendingMailingAction, unready: boolean): Copy {
  const label = mailingMonthLabel(row.month)
  switch (action) {
    case 'close':
      return {
        title: 'Close Sales Now',
        description: `Close sales for the ${label} mailing now? Buyers can no longer order its days or map icons.${endsCheckoutsText(row)}`,
        confirmLabel: 'Close Sales',
        doneTitle: 'Sales Closed',
      }
    case 'reopen':
      return {
        title: 'Reopen Sales',
        description: isSalesClosePast(row)
          ? `Open the ${label} mailing for orders again? Its sales close (${row.salesCloseText}) has passed: choose a new one.`
          : `Open the ${label} mailing for orders again, until ${row.salesCloseText}?`,
        confirmLabel: 'Reopen',
        doneTitle: 'Sales Reopened',
      }
    case 'printed':
      return unready
        ? {
            title: 'Mark Printed',
            description: `Some artwork of the ${label} mailing is missing or not approved: these lines would print without it, or with artwork you have not approved. Mark it printed anyway? A printed mailing takes no more orders of any kind.${endsCheckoutsText(row)}`,
            confirmLabel: 'Mark printed anyway',
            doneTitle: 'Marked Printed',
          }
        : {
            title: 'Mark Printed',
            description: `Mark the ${label} mailing as printed? A printed mailing takes no more orders of any kind.${endsCheckoutsText(row)}`,
            confirmLabel: 'Mark Printed',
            doneTitle: 'Marked Printed',
          }
    case 'mailed':
      return {
        title: 'Mark Mailed',
        description: `Mark the ${label} mailing as mailed? Each buyer with paid orders in it is e-mailed that their postcard is on its way.${endsCheckoutsText(row)}`,
        confirmLabel: 'Mark Mailed',
        doneTitle: 'Marked Mailed',
      }
    case 'notify':
      return {
        title: 'E-mail Waitlist',
        description: `E-mail everyone on the waitlist “${mailingOpenSubject(row.month)}”? ${
          row.waitlistNotifiedAt
            ? `The waitlist was last e-mailed ${formatInstant(row.waitlistNotifiedAt)}.`
            : 'The waitlist has not been e-mailed for this mailing yet.'
        }`,
        confirmLabel: 'Send E-mails',
        doneTitle: 'Waitlist E-mailed',
      }
  }
}

function doneText(row: MailingActionResponse, action: MailingAction): string {
  const label = mailingMonthLabel(row.month)
  const ended =
    row.endedCheckouts > 0
      ? ` ${plural(row.endedCheckouts, 'checkout')} in progress ${agree(row.endedCheckouts, 'was', 'were')} ended.`
      : ''
  switch (action) {
    case 'close':
      return `The ${label} mailing is closed for sales.${ended}`
    case 'reopen':
      return `The ${label} mailing is open for orders until ${row.salesCloseText}.`
    case 'printed':
      return `The ${label} mailing is marked printed.${ended}`
    case 'mailed':
      return `The ${label} mailing is marked mailed.${ended} ${plural(row.buyersEmailed, 'buyer')} e-mailed.`
  }
}

const NEW_CLOSE_ID = 'reopen-sales-close'

/** "Tuesday, January 5, 2027 · Bob's Hardware · Missing" / "Premium Icon · Corner Cafe · Received". */
function unreadyLineText(line: PrintReadinessLine): string {
  const what = line.date ? formatDayDate(line.date) : (line.iconName ?? 'Map icon')
  return `${what} · ${line.businessName} · ${ARTWORK_STATE_LABELS[line.state]}`
}

function UnreadyGroup({ title, lines }: { title: string; lines: PrintReadinessLine[] }) {
  if (lines.length === 0) return null
  return (
    <section className="space-y-1">
      <h3 className="text-sm font-semibold">{title}</h3>
      <ul className="list-disc space-y-0.5 pl-5 text-sm">
        {lines.map((line) => (
          <li key={line.orderId}>{unreadyLineText(line)}</li>
        ))}
      </ul>
    </section>
  )
}

/**
 * What "mark printed" would print unready: the lines missing artwork and those not approved. Scrolls when
 * long, and can then be focused so the keyboard scrolls it too.
 */
function UnreadyLines({ readiness }: { readiness: PrintReadinessResponse }) {
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
      aria-label="Artwork not ready"
      className="max-h-60 space-y-3 overflow-y-auto rounded border border-slate-200 p-3"
    >
      <UnreadyGroup title="Missing artwork" lines={readiness.missing} />
      <UnreadyGroup title="Not approved" lines={readiness.notApproved} />
    </section>
  )
}

/** While the artwork is checked, or when the check failed: what the printed confirmation says instead. */
function readinessNote(state: { isPending: boolean; isFetching: boolean; isError: boolean }): string | null {
  if (state.isError && !state.isFetching) return 'The artwork could not be checked. Close this and try again.'
  if (state.isPending || state.isFetching) return 'Checking the artwork…'
  return null
}

/** The confirmation of a status move or of the waitlist e-mail, and what it reports afterwards. */
export function MailingActionDialog({
  pending,
  onClose,
  onMoved,
}: {
  pending: PendingMailingAction | null
  onClose: () => void
  /** After a status move the server accepted, with the row as it now is. */
  onMoved?: (row: MailingActionResponse) => void
}) {
  const [newClose, setNewClose] = useState('')
  const apply = useApplyMailingAction()
  const notify = useNotifyWaitlist()
  useEffect(() => {
    if (pending) setNewClose('')
  }, [pending])

  // Marking printed lists the artwork not ready, read afresh, and acknowledges exactly the lines it listed.
  const printing = pending?.action === 'printed'
  const readiness = usePrintReadiness(printing ? pending.row.month : null)
  const unready = printing && readiness.data ? unreadyLineIds(readiness.data) : []
  const note = printing ? readinessNote(readiness) : null

  const copy = pending ? actionCopy(pending, unready.length > 0) : null
  // Reopening needs a sales close in the future: ask for one when the current one has passed.
  const needsNewClose = pending?.action === 'reopen' && isSalesClosePast(pending.row)

  function confirm() {
    if (!pending || !copy) return
    const { row, action } = pending
    if (action === 'notify') {
      notify.mutate(row.month, {
        onSuccess: ({ queued, skipped }) =>
          toast({
            title: copy.doneTitle,
            description: `${plural(queued, 'e-mail')} queued, ${skipped} skipped.`,
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'E-mail Failed',
            description: errorDescription(error, 'Failed to e-mail the waitlist. Please try again.'),
          }),
      })
      return
    }
    const input = needsNewClose
      ? { action, salesCloseLocal: newClose }
      : unready.length > 0
        ? { action, acknowledgedOrderIds: unready }
        : { action }
    apply.mutate(
      { month: row.month, input },
      {
        onSuccess: (updated) => {
          toast({ title: copy.doneTitle, description: doneText(updated, action) })
          onMoved?.(updated)
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Status Change Failed',
            description: errorDescription(error, 'Failed to change the mailing status. Please try again.'),
          }),
      },
    )
  }

  return (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => !open && onClose()}
      title={copy?.title ?? ''}
      description={copy?.description ?? ''}
      confirmLabel={copy?.confirmLabel ?? ''}
      onConfirm={confirm}
      confirmDisabled={(needsNewClose && newClose === '') || note !== null}
    >
      {note ? (
        <p role="status" className="text-sm text-slate-700">
          {note}
        </p>
      ) : null}
      {printing && !note && readiness.data && unready.length > 0 ? (
        <UnreadyLines readiness={readiness.data} />
      ) : null}
      {needsNewClose ? (
        <div className="space-y-2">
          <Label htmlFor={NEW_CLOSE_ID}>New sales close</Label>
          <Input
            id={NEW_CLOSE_ID}
            type="datetime-local"
            required
            value={newClose}
            onChange={(e) => setNewClose(e.target.value)}
          />
        </div>
      ) : null}
    </ConfirmDialog>
  )
}

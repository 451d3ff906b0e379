import { useEffect, useState } from 'react'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { ConfirmDialog } from '#client/features/admin/components/confirm-dialog.tsx'
import { errorDescription } from '#client/features/admin/hooks/error-message.ts'
import {
  type MailingAction,
  type MailingActionResponse,
  type MailingOverviewRow,
  mailingMonthLabel,
  mailingOpenSubject,
} from '#shared/mailings.ts'
import { agree, plural } from '#shared/plural.ts'
import { useApplyMailingAction } from '../api/apply-mailing-action'
import { useNotifyWaitlist } from '../api/notify-waitlist'
import { formatInstant, isSalesClosePast } from '../mailing-display'

export type PendingMailingAction = { row: MailingOverviewRow; action: MailingAction | 'notify' }

type Copy = { title: string; description: string; confirmLabel: string; doneTitle: string }

/** Closing sales, or marking printed or mailed, ends the mailing's checkouts in progress: say how many. */
function endsCheckoutsText(row: MailingOverviewRow): string {
  const count = row.liveCheckouts ?? 0
  if (count === 0) return ''
  return ` ${plural(count, 'checkout')} in progress ${agree(count, 'holds', 'hold')} its days or map icons: this ends ${agree(count, 'it', 'them')}, and a payment that still arrives is refunded.`
}

function actionCopy({ row, action }: PendingMailingAction): Copy {
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
      return {
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

/** The confirmation of a status move or of the waitlist e-mail, and what it reports afterwards. */
export function MailingActionDialog({
  pending,
  onClose,
}: {
  pending: PendingMailingAction | null
  onClose: () => void
}) {
  const [newClose, setNewClose] = useState('')
  const apply = useApplyMailingAction()
  const notify = useNotifyWaitlist()
  useEffect(() => {
    if (pending) setNewClose('')
  }, [pending])

  const copy = pending ? actionCopy(pending) : null
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
    const input = needsNewClose ? { action, salesCloseLocal: newClose } : { action }
    apply.mutate(
      { month: row.month, input },
      {
        onSuccess: (updated) => toast({ title: copy.doneTitle, description: doneText(updated, action) }),
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
      confirmDisabled={needsNewClose && newClose === ''}
    >
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

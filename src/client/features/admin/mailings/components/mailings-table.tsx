import { type ReactNode, useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#client/components/ui/table.tsx'
import {
  STACKED_CELL,
  STACKED_HEADER,
  STACKED_ROW,
  STACKED_TABLE,
} from '#client/features/admin/components/stacked-table.ts'
import { cn } from '#client/lib/cn.ts'
import { formatPrice } from '#shared/format.ts'
import {
  canApplyMailingAction,
  MAILING_STATUS_LABELS,
  type MailingAction,
  type MailingOverviewRow,
  type MailingStatus,
  type MonthKey,
  mailingMonthLabel,
} from '#shared/mailings.ts'
import { dayCountsText, formatInstant, formatShortDate, iconCountsText } from '../mailing-display'
import { EditMailingDatesDialog } from './edit-mailing-dates-dialog'
import { IconStockDialog } from './icon-stock-dialog'
import { MailingActionDialog, type PendingMailingAction } from './mailing-action-dialog'
import { MailingOffersDrawer } from './mailing-offers-drawer'
import { MailingScansDrawer } from './mailing-scans-drawer'
import { MessageAdvertisersDialog } from './message-advertisers-dialog'

const STATUS_VARIANT: Record<MailingStatus, 'success' | 'warning' | 'secondary' | 'outline'> = {
  open: 'success',
  closed: 'warning',
  printed: 'secondary',
  mailed: 'outline',
}

/** The status moves in the order the table offers them. */
const ACTION_LABELS: Record<MailingAction, string> = {
  close: 'Close sales now',
  reopen: 'Reopen',
  printed: 'Mark printed',
  mailed: 'Mark mailed',
}
const ACTIONS = Object.keys(ACTION_LABELS) as MailingAction[]

/** The status moves a row offers: exactly those the shared rule allows for its effective status. */
export function offeredMailingActions(status: MailingStatus): MailingAction[] {
  return ACTIONS.filter((action) => canApplyMailingAction(status, action))
}

/** The columns between Month and Actions: the header (a cell's label on a card), the cell's width and text. */
const COLUMNS: Array<{ label: string; className?: string; cell: (row: MailingOverviewRow) => ReactNode }> = [
  {
    label: 'Status',
    cell: (row) => <Badge variant={STATUS_VARIANT[row.status]}>{MAILING_STATUS_LABELS[row.status]}</Badge>,
  },
  // Deadlines as the server words them (deadlineText), the same words buyers read.
  { label: 'Sales close', className: 'min-w-32', cell: (row) => row.salesCloseText },
  { label: 'Artwork due', className: 'min-w-32', cell: (row) => row.artworkDueText },
  { label: 'In homes', className: 'whitespace-nowrap', cell: (row) => formatShortDate(row.inHomesDate) },
  { label: 'Days', className: 'min-w-28', cell: (row) => dayCountsText(row.days) },
  { label: 'Icons sold', className: 'min-w-24', cell: (row) => iconCountsText(row.icons) },
  { label: 'Revenue', className: 'whitespace-nowrap', cell: (row) => formatPrice(row.revenue) },
]

/**
 * A status move removes the button that made it (a closed mailing offers no "Close sales now"), which
 * had the focus. Once the list shows the row's new status, focus goes to the row's next step ("Mark
 * mailed" after "Mark printed"), or its first action when it has none, unless the owner has since put the
 * focus somewhere else.
 */
function useFocusAfterStatusMove(rows: MailingOverviewRow[]) {
  const [moved, setMoved] = useState<{ month: MonthKey; status: MailingStatus } | null>(null)
  const actionGroups = useRef(new Map<MonthKey, HTMLElement>())
  useEffect(() => {
    if (!moved) return
    const row = rows.find((r) => r.month === moved.month)
    // The list has not caught up with the move yet.
    if (row && row.status !== moved.status) return
    setMoved(null)
    const focusLost = document.activeElement === null || document.activeElement === document.body
    const group = row && focusLost ? actionGroups.current.get(row.month) : undefined
    const next =
      group?.querySelector<HTMLElement>('[data-next-step]') ??
      group?.querySelector<HTMLElement>('button, a[href]')
    next?.focus()
  }, [rows, moved])
  return {
    onMoved: (row: MailingOverviewRow) => setMoved({ month: row.month, status: row.status }),
    actionGroupRef: (month: MonthKey) => (element: HTMLElement | null) => {
      if (element) actionGroups.current.set(month, element)
      else actionGroups.current.delete(month)
    },
  }
}

/** One row per mailing, its dates, what it sold, and the owner's actions on it. */
export function MailingsTable({ rows }: { rows: MailingOverviewRow[] }) {
  const { onMoved, actionGroupRef } = useFocusAfterStatusMove(rows)
  const [pending, setPending] = useState<PendingMailingAction | null>(null)
  const [editing, setEditing] = useState<MailingOverviewRow | null>(null)
  const [stockMonth, setStockMonth] = useState<MonthKey | null>(null)
  const [messageMonth, setMessageMonth] = useState<MonthKey | null>(null)
  const [offersMonth, setOffersMonth] = useState<MonthKey | null>(null)
  const [scansMonth, setScansMonth] = useState<MonthKey | null>(null)

  return (
    <>
      <Table label="Mailings" className={STACKED_TABLE}>
        <TableHeader className={STACKED_HEADER}>
          <TableRow>
            <TableHead>Month</TableHead>
            {COLUMNS.map(({ label }) => (
              <TableHead key={label}>{label}</TableHead>
            ))}
            <TableHead>Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => {
            const label = mailingMonthLabel(row.month)
            const forMonth = <span className="sr-only"> for {label}</span>
            return (
              <TableRow key={row.month} className={STACKED_ROW}>
                <TableHead
                  scope="row"
                  data-label="Month"
                  className={cn('h-auto py-2 font-semibold', STACKED_CELL)}
                >
                  {label}
                </TableHead>
                {COLUMNS.map((column) => (
                  <TableCell
                    key={column.label}
                    data-label={column.label}
                    className={cn(column.className, STACKED_CELL)}
                  >
                    {column.cell(row)}
                  </TableCell>
                ))}
                <TableCell data-label="Actions" className={cn('min-w-56', STACKED_CELL)}>
                  <div className="min-w-0 space-y-1">
                    <div className="flex flex-wrap gap-1" ref={actionGroupRef(row.month)}>
                      {offeredMailingActions(row.status).map((action) => (
                        <Button
                          key={action}
                          size="sm"
                          variant={action === 'reopen' ? 'outline' : 'default'}
                          data-next-step={action === 'reopen' ? undefined : ''}
                          onClick={() => setPending({ row, action })}
                        >
                          {ACTION_LABELS[action]}
                          {forMonth}
                        </Button>
                      ))}
                      <Button size="sm" variant="outline" onClick={() => setEditing(row)}>
                        Edit dates{forMonth}
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => setStockMonth(row.month)}>
                        Icon stock{forMonth}
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => setOffersMonth(row.month)}>
                        Offers{forMonth}
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => setScansMonth(row.month)}>
                        Scans{forMonth}
                      </Button>
                      <Button size="sm" variant="outline" asChild>
                        <Link to={`/admin/artwork?month=${row.month}`}>Artwork{forMonth}</Link>
                      </Button>
                      <Button size="sm" variant="outline" asChild>
                        <Link to={`/admin/mailings/${row.month}/map`}>Map{forMonth}</Link>
                      </Button>
                      {row.status === 'open' ? (
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => setPending({ row, action: 'notify' })}
                        >
                          E-mail waitlist{forMonth}
                        </Button>
                      ) : null}
                      <Button size="sm" variant="outline" onClick={() => setMessageMonth(row.month)}>
                        E-mail advertisers{forMonth}
                      </Button>
                    </div>
                    {row.waitlistNotifiedAt ? (
                      <p className="text-xs text-slate-700">
                        Waitlist e-mailed {formatInstant(row.waitlistNotifiedAt)}
                      </p>
                    ) : null}
                  </div>
                </TableCell>
              </TableRow>
            )
          })}
        </TableBody>
      </Table>
      <MailingActionDialog pending={pending} onClose={() => setPending(null)} onMoved={onMoved} />
      <EditMailingDatesDialog row={editing} onClose={() => setEditing(null)} />
      <IconStockDialog month={stockMonth} onClose={() => setStockMonth(null)} />
      <MessageAdvertisersDialog month={messageMonth} onClose={() => setMessageMonth(null)} />
      <MailingOffersDrawer month={offersMonth} onClose={() => setOffersMonth(null)} />
      <MailingScansDrawer month={scansMonth} onClose={() => setScansMonth(null)} />
    </>
  )
}

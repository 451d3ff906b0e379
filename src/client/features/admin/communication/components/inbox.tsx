import { Check, Download, RefreshCw, Undo2 } from 'lucide-react'
import { useId, useState } from 'react'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button, buttonVariants } from '#client/components/ui/button.tsx'
import { Label } from '#client/components/ui/label.tsx'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#client/components/ui/table.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { Pager } from '#client/features/admin/components/pager.tsx'
import {
  STACKED_CELL,
  STACKED_HEADER,
  STACKED_ROW,
  STACKED_TABLE,
} from '#client/features/admin/components/stacked-table.ts'
import { TruncatedText } from '#client/features/admin/components/truncated-text.tsx'
import { errorDescription } from '#client/features/admin/hooks/error-message.ts'
import { useLoadErrorToast } from '#client/features/admin/hooks/use-load-error-toast.ts'
import { cn } from '#client/lib/cn.ts'
import { type AdminInboxEntryDto, INBOX_KINDS, type InboxKind } from '#shared/admin-communication.ts'
import {
  EMPTY_INBOX_FILTERS,
  type InboxFilters,
  inboxExportUrl,
  useInbox,
  useMarkInboxEntry,
} from '../api/inbox'
import { formatWhen, INBOX_KIND_FILTER_LABELS, INBOX_KIND_LABELS } from '../communication-display'

const LOAD_ERROR = 'Failed to load the inbox. Please try again.'

const HANDLED_LABELS: Record<InboxFilters['handled'], string> = {
  all: 'Handled or not',
  false: 'Not handled',
  true: 'Handled',
}

/** Contact inquiries and waitlist sign-ups, newest first, marked handled by the admin. */
export function Inbox() {
  const [filters, setFilters] = useState<InboxFilters>(EMPTY_INBOX_FILTERS)
  const { data, isPending, isError, isFetching, refetch } = useInbox(filters)
  useLoadErrorToast(isError, LOAD_ERROR)
  const mark = useMarkInboxEntry()
  const kindId = useId()
  const handledId = useId()

  function setHandled(entry: AdminInboxEntryDto, handled: boolean) {
    mark.mutate(
      { id: entry.id, handled },
      {
        onSuccess: () =>
          toast({
            title: handled ? 'Marked handled' : 'Marked not handled',
            description: `${INBOX_KIND_LABELS[entry.kind]} from ${entry.email}.`,
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Update Failed',
            description: errorDescription(error, 'Failed to update the entry. Please try again.'),
          }),
      },
    )
  }

  const entries = data?.entries ?? []
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1">
          <Label htmlFor={kindId}>Kind</Label>
          <Select
            value={filters.kind}
            onValueChange={(value) =>
              setFilters((f) => ({ ...f, kind: value as InboxKind | 'all', page: 1 }))
            }
          >
            <SelectTrigger id={kindId} className="w-48">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">All kinds</SelectItem>
              {INBOX_KINDS.map((kind) => (
                <SelectItem key={kind} value={kind}>
                  {INBOX_KIND_FILTER_LABELS[kind]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="space-y-1">
          <Label htmlFor={handledId}>Handled</Label>
          <Select
            value={filters.handled}
            onValueChange={(value) =>
              setFilters((f) => ({ ...f, handled: value as InboxFilters['handled'], page: 1 }))
            }
          >
            <SelectTrigger id={handledId} className="w-44">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {(['all', 'false', 'true'] as const).map((value) => (
                <SelectItem key={value} value={value}>
                  {HANDLED_LABELS[value]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <Button variant="outline" onClick={() => void refetch()} disabled={isFetching}>
          <RefreshCw aria-hidden="true" className={isFetching ? 'animate-spin' : undefined} />
          Refresh
        </Button>
        <a className={buttonVariants({ variant: 'outline' })} href={inboxExportUrl(filters)} download>
          <Download aria-hidden="true" />
          Export CSV
        </a>
      </div>
      {isPending ? (
        <Spinner label="Loading the inbox..." />
      ) : isError && !data ? (
        <p className="rounded-md border border-red-200 bg-red-50 p-4 text-red-900">{LOAD_ERROR}</p>
      ) : entries.length === 0 ? (
        <p className="rounded-md border border-slate-200 p-6 text-center text-slate-700">
          Nothing in the inbox.
        </p>
      ) : (
        <>
          <Table label="Inbox" className={STACKED_TABLE}>
            <TableHeader className={STACKED_HEADER}>
              <TableRow>
                <TableHead>From</TableHead>
                <TableHead>Kind</TableHead>
                <TableHead>Details</TableHead>
                <TableHead>Received</TableHead>
                <TableHead>Handled</TableHead>
                <TableHead>Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {entries.map((entry) => (
                <InboxRow
                  key={entry.id}
                  entry={entry}
                  onMark={setHandled}
                  isMarking={mark.isPending && mark.variables?.id === entry.id}
                />
              ))}
            </TableBody>
          </Table>
          {data ? (
            <Pager
              label="Inbox pages"
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              onPage={(page) => setFilters((f) => ({ ...f, page }))}
            />
          ) : null}
        </>
      )}
    </div>
  )
}

function InboxRow({
  entry,
  onMark,
  isMarking,
}: {
  entry: AdminInboxEntryDto
  onMark: (entry: AdminInboxEntryDto, handled: boolean) => void
  isMarking: boolean
}) {
  const forEntry = <span className="sr-only"> for {entry.email}</span>
  const details = Object.entries(entry.details)
  return (
    <TableRow className={STACKED_ROW}>
      <TableHead
        scope="row"
        data-label="From"
        className={cn('h-auto min-w-48 py-2 font-normal whitespace-normal', STACKED_CELL)}
      >
        <div className="min-w-0">
          <TruncatedText text={entry.email} className="max-w-56 font-semibold" />
          {entry.name ? <span className="block">{entry.name}</span> : null}
          {entry.businessName ? <span className="block text-slate-700">{entry.businessName}</span> : null}
        </div>
      </TableHead>
      <TableCell data-label="Kind" className={STACKED_CELL}>
        <Badge variant={entry.kind === 'contact' ? 'default' : 'secondary'}>
          {INBOX_KIND_LABELS[entry.kind]}
        </Badge>
      </TableCell>
      <TableCell data-label="Details" className={cn('min-w-40', STACKED_CELL)}>
        {entry.message ? (
          <p className="min-w-0 text-sm break-words whitespace-pre-line">{entry.message}</p>
        ) : null}
        {details.length === 0 && !entry.message ? '—' : null}
        {details.length === 0 ? null : (
          <dl className="min-w-0 text-xs">
            {details.map(([key, value]) => (
              <div key={key}>
                <dt className="inline font-semibold">{key}: </dt>
                <dd className="inline break-words">{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </TableCell>
      <TableCell data-label="Received" className={cn('whitespace-nowrap', STACKED_CELL)}>
        {formatWhen(entry.createdAt)}
      </TableCell>
      <TableCell data-label="Handled" className={cn('min-w-36', STACKED_CELL)}>
        {entry.handledAt ? (
          <span className="text-xs">
            <span className="block font-semibold text-green-900">Handled</span>
            <span className="block text-slate-700">
              {formatWhen(entry.handledAt)}
              {entry.handledBy ? ` by ${entry.handledBy}` : ''}
            </span>
          </span>
        ) : (
          <span className="text-xs text-slate-700">Not handled</span>
        )}
      </TableCell>
      <TableCell data-label="Actions" className={STACKED_CELL}>
        {entry.handledAt ? (
          <Button size="sm" variant="outline" disabled={isMarking} onClick={() => onMark(entry, false)}>
            <Undo2 aria-hidden="true" />
            Mark not handled{forEntry}
          </Button>
        ) : (
          <Button size="sm" disabled={isMarking} onClick={() => onMark(entry, true)}>
            <Check aria-hidden="true" />
            Mark handled{forEntry}
          </Button>
        )}
      </TableCell>
    </TableRow>
  )
}

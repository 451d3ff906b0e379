import { RefreshCw, Search, Send } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { Link } from 'react-router'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Input } from '#client/components/ui/input.tsx'
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
import { type AdminEmailDto, EMAIL_STATES, type EmailState } from '#shared/admin-communication.ts'
import { EMPTY_EMAIL_LOG_FILTERS, type EmailLogFilters, useAdminEmails, useResendEmail } from '../api/emails'
import { EMAIL_STATE_LABELS, EMAIL_STATE_VARIANT, formatWhen, orderLink } from '../communication-display'

const LOAD_ERROR = 'Failed to load the e-mail log. Please try again.'

/** Every outbox e-mail with its state, its order, and Resend. */
export function EmailLog() {
  const [filters, setFilters] = useState<EmailLogFilters>(EMPTY_EMAIL_LOG_FILTERS)
  const [search, setSearch] = useState('')
  const { data, isPending, isError, isFetching, refetch } = useAdminEmails(filters)
  useLoadErrorToast(isError, LOAD_ERROR)
  const resend = useResendEmail()
  const statusId = useId()
  const searchId = useId()

  function applySearch(event: FormEvent) {
    event.preventDefault()
    setFilters((f) => ({ ...f, q: search, page: 1 }))
  }

  function resendOne(email: AdminEmailDto) {
    resend.mutate(email.id, {
      onSuccess: () =>
        toast({ title: 'E-mail queued again', description: `"${email.subject}" to ${email.to}.` }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Resend Failed',
          description: errorDescription(error, 'The e-mail could not be queued again. Please try again.'),
        }),
    })
  }

  const emails = data?.emails ?? []
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1">
          <Label htmlFor={statusId}>State</Label>
          <Select
            value={filters.status}
            onValueChange={(value) =>
              setFilters((f) => ({ ...f, status: value as EmailState | 'all', page: 1 }))
            }
          >
            <SelectTrigger id={statusId} className="w-40">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">All states</SelectItem>
              {EMAIL_STATES.map((state) => (
                <SelectItem key={state} value={state}>
                  {EMAIL_STATE_LABELS[state]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <form className="flex flex-wrap items-end gap-2" onSubmit={applySearch}>
          <div className="space-y-1">
            <Label htmlFor={searchId}>Recipient or subject</Label>
            <Input
              id={searchId}
              type="search"
              className="w-64 max-w-full"
              value={search}
              maxLength={200}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <Button type="submit" variant="secondary">
            <Search aria-hidden="true" />
            Search
          </Button>
        </form>
        <Button variant="outline" onClick={() => void refetch()} disabled={isFetching}>
          <RefreshCw aria-hidden="true" className={isFetching ? 'animate-spin' : undefined} />
          Refresh
        </Button>
      </div>
      {isPending ? (
        <Spinner label="Loading e-mails..." />
      ) : isError && !data ? (
        <p className="rounded-md border border-red-200 bg-red-50 p-4 text-red-900">{LOAD_ERROR}</p>
      ) : emails.length === 0 ? (
        <p className="rounded-md border border-slate-200 p-6 text-center text-slate-700">No e-mails found.</p>
      ) : (
        <>
          <Table label="E-mail log" className={STACKED_TABLE}>
            <TableHeader className={STACKED_HEADER}>
              <TableRow>
                <TableHead>Recipient</TableHead>
                <TableHead>Subject</TableHead>
                <TableHead>State</TableHead>
                <TableHead>Created</TableHead>
                <TableHead>Sent</TableHead>
                <TableHead>Order</TableHead>
                <TableHead>Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {emails.map((email) => (
                <EmailRow
                  key={email.id}
                  email={email}
                  onResend={resendOne}
                  isResending={resend.isPending && resend.variables === email.id}
                />
              ))}
            </TableBody>
          </Table>
          {data ? (
            <Pager
              label="E-mail log pages"
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

function EmailRow({
  email,
  onResend,
  isResending,
}: {
  email: AdminEmailDto
  onResend: (email: AdminEmailDto) => void
  isResending: boolean
}) {
  const forEmail = (
    <span className="sr-only">
      {' '}
      “{email.subject}” to {email.to}
    </span>
  )
  return (
    <TableRow className={STACKED_ROW}>
      <TableHead
        scope="row"
        data-label="Recipient"
        className={cn('h-auto py-2 font-medium whitespace-normal', STACKED_CELL)}
      >
        <TruncatedText text={email.to} className="max-w-56" />
      </TableHead>
      <TableCell data-label="Subject" className={cn('min-w-48', STACKED_CELL)}>
        <span className="block">{email.subject}</span>
        <span className="block text-xs text-slate-700">{email.kind}</span>
      </TableCell>
      <TableCell data-label="State" className={cn('min-w-36', STACKED_CELL)}>
        <div className="min-w-0 space-y-1">
          <Badge variant={EMAIL_STATE_VARIANT[email.state]}>{EMAIL_STATE_LABELS[email.state]}</Badge>
          {email.state === 'failed' && email.lastError ? (
            <p className="text-xs break-words text-red-900">Error: {email.lastError}</p>
          ) : null}
          {email.state === 'queued' && email.attempts > 0 ? (
            <p className="text-xs text-slate-700">
              {email.attempts} {email.attempts === 1 ? 'attempt' : 'attempts'}
              {email.lastError ? `; last error: ${email.lastError}` : ''}
            </p>
          ) : null}
          {email.state === 'queued' && email.nextAttemptAt ? (
            <p className="text-xs text-slate-700">Next try {formatWhen(email.nextAttemptAt)}</p>
          ) : null}
        </div>
      </TableCell>
      <TableCell data-label="Created" className={cn('whitespace-nowrap', STACKED_CELL)}>
        {formatWhen(email.createdAt)}
      </TableCell>
      <TableCell data-label="Sent" className={cn('whitespace-nowrap', STACKED_CELL)}>
        {email.sentAt ? formatWhen(email.sentAt) : '—'}
      </TableCell>
      <TableCell data-label="Order" className={STACKED_CELL}>
        {email.checkoutKey ? (
          <Link
            to={orderLink(email.checkoutKey)}
            className="text-blue-700 underline underline-offset-4 hover:text-blue-800"
          >
            View order
            <span className="sr-only">
              {' '}
              of the e-mail “{email.subject}” to {email.to}
            </span>
          </Link>
        ) : (
          '—'
        )}
      </TableCell>
      <TableCell data-label="Actions" className={STACKED_CELL}>
        <Button size="sm" variant="outline" disabled={isResending} onClick={() => onResend(email)}>
          <Send aria-hidden="true" />
          Resend{forEmail}
        </Button>
      </TableCell>
    </TableRow>
  )
}

import { PanelRightOpen } from 'lucide-react'
import { type MouseEvent, useEffect, useId, useRef, useState } from 'react'
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
import { Pager } from '#client/features/admin/components/pager.tsx'
import {
  STACKED_CELL,
  STACKED_HEADER,
  STACKED_ROW,
  STACKED_TABLE,
} from '#client/features/admin/components/stacked-table.ts'
import { TruncatedText } from '#client/features/admin/components/truncated-text.tsx'
import { useLoadErrorToast } from '#client/features/admin/hooks/use-load-error-toast.ts'
import { cn } from '#client/lib/cn.ts'
import type { AdvertiserRowDto } from '#shared/admin-advertisers.ts'
import { formatCount, formatPrice } from '#shared/format.ts'
import { advertiserName, formatMailing, SEARCH_DELAY_MS, SORT_OPTIONS } from '../advertiser-display'
import { type AdvertisersView, DEFAULT_ADVERTISERS_VIEW, useAdvertisers } from '../api/advertisers'
import { AdvertiserDrawer } from './advertiser-drawer'

const LOAD_ERROR = 'Failed to load the advertisers. Please try again.'

/**
 * The owner's advertisers: a search by name or e-mail, two orders, a page of advertisers sorted and counted
 * on the server, and each one's drawer (its purchases by mailing, notes, e-mails, edit and merge).
 */
export function AdvertisersManagement() {
  const [view, setView] = useState<AdvertisersView>(DEFAULT_ADVERTISERS_VIEW)
  const [search, setSearch] = useState('')
  const [openId, setOpenId] = useState<string | null>(null)
  // Where focus goes back to when the drawer closes: the button that opened it.
  const opener = useRef<HTMLElement | null>(null)
  const searchRef = useRef<HTMLInputElement>(null)
  const searchId = useId()
  const sortId = useId()
  const { data, isPending, isError } = useAdvertisers(view)
  useLoadErrorToast(isError, LOAD_ERROR)

  // The search is sent once typing pauses, and starts at the first page.
  useEffect(() => {
    const q = search.trim()
    const timer = setTimeout(() => setView((v) => (v.q === q ? v : { ...v, q, page: 1 })), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [search])

  function open(id: string, event: MouseEvent<HTMLElement>) {
    opener.current = event.currentTarget
    setOpenId(id)
  }

  function returnFocus() {
    // The opener may be gone (a merge removed its row): the search box, at the top of the list, instead.
    const target = opener.current?.isConnected ? opener.current : searchRef.current
    target?.focus()
  }

  const rows = data?.advertisers ?? []
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-72 max-w-full space-y-1">
          <Label htmlFor={searchId}>Search by name or e-mail</Label>
          <Input
            id={searchId}
            ref={searchRef}
            type="search"
            autoComplete="off"
            maxLength={200}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div className="w-64 max-w-full space-y-1">
          <Label htmlFor={sortId}>Sort by</Label>
          <Select
            value={`${view.sort}:${view.dir}`}
            onValueChange={(value) => {
              const option = SORT_OPTIONS.find((o) => o.value === value)
              if (option) setView((v) => ({ ...v, sort: option.sort, dir: option.dir, page: 1 }))
            }}
          >
            <SelectTrigger id={sortId}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {SORT_OPTIONS.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      {isPending ? (
        <Spinner label="Loading advertisers..." />
      ) : isError && !data ? (
        <p className="rounded-md border border-red-200 bg-red-50 p-4 text-red-900">{LOAD_ERROR}</p>
      ) : rows.length === 0 ? (
        <p className="rounded-md border border-slate-200 p-6 text-center text-slate-700">
          {view.q ? 'No advertisers match your search.' : 'No advertisers yet.'}
        </p>
      ) : (
        <>
          <Table label="Advertisers" className={STACKED_TABLE}>
            <TableHeader className={STACKED_HEADER}>
              <TableRow>
                <TableHead>Business</TableHead>
                <TableHead>E-mail</TableHead>
                <TableHead>Mailings booked</TableHead>
                <TableHead>Last mailing</TableHead>
                <TableHead>Lifetime paid</TableHead>
                <TableHead>Artwork on file</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <AdvertiserRow key={row.id} row={row} onOpen={open} />
              ))}
            </TableBody>
          </Table>
          {data ? (
            <Pager
              label="Advertisers pages"
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              onPage={(page) => setView((v) => ({ ...v, page }))}
            />
          ) : null}
        </>
      )}
      <AdvertiserDrawer advertiserId={openId} onClose={() => setOpenId(null)} onClosed={returnFocus} />
    </div>
  )
}

function AdvertiserRow({
  row,
  onOpen,
}: {
  row: AdvertiserRowDto
  onOpen: (id: string, event: MouseEvent<HTMLElement>) => void
}) {
  const name = advertiserName(row)
  return (
    <TableRow className={STACKED_ROW}>
      <TableHead
        scope="row"
        data-label="Business"
        className={cn('h-auto py-2 font-medium whitespace-normal', STACKED_CELL)}
      >
        <button
          type="button"
          aria-haspopup="dialog"
          className="inline-flex max-w-64 items-center gap-1.5 rounded text-left text-blue-700 underline underline-offset-4 hover:text-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          onClick={(event) => onOpen(row.id, event)}
        >
          <PanelRightOpen aria-hidden="true" className="size-4 shrink-0" />
          <span className="break-words">{name}</span>
        </button>
      </TableHead>
      <TableCell data-label="E-mail" className={STACKED_CELL}>
        <TruncatedText text={row.email} className="max-w-56" />
      </TableCell>
      <TableCell data-label="Mailings booked" className={STACKED_CELL}>
        {formatCount(row.mailingsBooked)}
      </TableCell>
      <TableCell data-label="Last mailing" className={cn('whitespace-nowrap', STACKED_CELL)}>
        {formatMailing(row.lastMailing)}
      </TableCell>
      <TableCell data-label="Lifetime paid" className={STACKED_CELL}>
        {formatPrice(row.lifetimePaid)}
      </TableCell>
      <TableCell data-label="Artwork on file" className={STACKED_CELL}>
        {formatCount(row.artworkOnFile)}
      </TableCell>
    </TableRow>
  )
}

import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { FieldError, fieldErrorProps } from '#client/components/ui/form-field.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '#client/components/ui/sheet.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
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
import { errorDescription, fieldErrorsOf } from '#client/features/admin/hooks/error-message.ts'
import { useSheetFocus } from '#client/features/admin/hooks/use-sheet-focus.ts'
import { cn } from '#client/lib/cn.ts'
import { type MonthKey, mailingMonthLabel } from '#shared/mailings.ts'
import {
  type AdminMailingScansDto,
  type AdminScanLineDto,
  LINK_DESTINATION_HINTS,
  LINK_DESTINATION_LABELS,
  LINK_DESTINATIONS,
  LINK_QUESTION,
  type LineLinkDto,
  type LinkDestination,
  scansText,
} from '#shared/short-links.ts'
import { mailingScansCsvPath, useMailingScans, useSetLineLink } from '../api/mailing-scans'

export const NO_LINES_TEXT = 'No lines sold for this mailing.'
export const NO_SCANS_TEXT = 'No scans yet for this mailing.'
const SAVE_FAILED = 'Failed to save the link. Please try again.'

const LINE_STATUS_LABELS: Record<string, string> = {
  paid: 'Paid',
  pending: 'Pending',
  refunded: 'Refunded',
  expired: 'Expired',
  deleted: 'Deleted',
}

/** What the owner reads once a line's link is saved: where that line's QR code now leads. */
export function ownerLinkSavedText(
  line: AdminScanLineDto,
  link: Pick<LineLinkDto, 'destination' | 'target'>,
) {
  const which = `This QR code (${line.businessName}, ${line.description})`
  if (link.destination === 'website') return `Saved. ${which} now sends people to ${link.target}.`
  if (link.destination === 'phone') return `Saved. ${which} now calls ${link.target}.`
  return `Saved. ${which} now sends people to the advertiser's page on this site.`
}

/** Where a line's link leads, as the table shows it: the destination, and the website, number or page. */
function LeadsTo({ link }: { link: LineLinkDto }) {
  const target = link.destination === 'page' ? link.pagePath : link.target
  return (
    <span className="min-w-0">
      {`${LINK_DESTINATION_LABELS[link.destination]}: `}
      <span className="break-all">{target}</span>
    </span>
  )
}

/**
 * A mailing's short links and scans (from its row's "Scans"): the totals, each sold line with its link,
 * where it leads and its scans, the CSV, and each line's destination to change. Focus moves into the drawer
 * when it opens, and back to the button that opened it when it closes.
 */
export function MailingScansDrawer({ month, onClose }: { month: MonthKey | null; onClose: () => void }) {
  const { data, isPending, isError } = useMailingScans(month)
  const focus = useSheetFocus()
  const label = month ? mailingMonthLabel(month) : ''
  return (
    <Sheet open={month !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent {...focus} className="max-w-5xl">
        <SheetHeader>
          <SheetTitle>Scans</SheetTitle>
          <SheetDescription>
            {`The QR codes of the ${label} mailing: where each line's short link leads, and how often it was scanned.`}
          </SheetDescription>
        </SheetHeader>
        {isPending || !month ? (
          <Spinner label="Loading scans..." />
        ) : isError || !data ? (
          <p className="rounded-md border border-red-200 bg-red-50 p-4 text-red-900">
            Failed to load the scans. Please try again.
          </p>
        ) : (
          <ScansList data={data} month={month} />
        )}
      </SheetContent>
    </Sheet>
  )
}

function ScansList({ data, month }: { data: AdminMailingScansDto; month: MonthKey }) {
  const [editing, setEditing] = useState<string | null>(null)
  const [saved, setSaved] = useState('')
  const formPrefix = useId()
  const buttons = useRef(new Map<string, HTMLButtonElement>())

  function closeForm(orderId: string) {
    setEditing(null)
    buttons.current.get(orderId)?.focus()
  }

  if (data.lines.length === 0) return <p className="text-slate-800">{NO_LINES_TEXT}</p>
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="font-semibold">
          {data.scans === 0 ? NO_SCANS_TEXT : `Total: ${scansText(data.scans, data.people)}`}
        </p>
        <a
          href={mailingScansCsvPath(month)}
          download
          className="text-sm text-blue-700 underline underline-offset-4 hover:text-blue-800"
        >
          Download CSV
        </a>
      </div>
      {/* Always in the page, so a screen reader announces what is put in it. */}
      <p role="status" className="text-sm text-green-800 empty:hidden">
        {saved}
      </p>
      <Table label="Lines and scans" className={STACKED_TABLE}>
        <TableHeader className={STACKED_HEADER}>
          <TableRow>
            <TableHead>Business</TableHead>
            <TableHead>Item</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Short link</TableHead>
            <TableHead>Leads to</TableHead>
            <TableHead>Scans</TableHead>
            <TableHead>People</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {data.lines.flatMap((line) => {
            const formId = `${formPrefix}-${line.orderId}`
            const open = editing === line.orderId
            const row = (
              <TableRow key={line.orderId} className={STACKED_ROW}>
                <TableHead
                  scope="row"
                  data-label="Business"
                  className={cn('h-auto py-2 font-semibold whitespace-normal', STACKED_CELL)}
                >
                  {line.businessName}
                </TableHead>
                <TableCell data-label="Item" className={cn('min-w-32', STACKED_CELL)}>
                  {line.description}
                </TableCell>
                <TableCell data-label="Status" className={STACKED_CELL}>
                  {LINE_STATUS_LABELS[line.status] ?? line.status}
                </TableCell>
                <TableCell data-label="Short link" className={cn('min-w-36 break-all', STACKED_CELL)}>
                  {line.link.shortUrl}
                </TableCell>
                <TableCell data-label="Leads to" className={cn('min-w-40', STACKED_CELL)}>
                  <LeadsTo link={line.link} />
                </TableCell>
                <TableCell data-label="Scans" className={STACKED_CELL}>
                  {line.scans}
                </TableCell>
                <TableCell data-label="People" className={STACKED_CELL}>
                  {line.people}
                </TableCell>
                <TableCell data-label="Actions" className={STACKED_CELL}>
                  <Button
                    size="sm"
                    variant="outline"
                    ref={(button) => {
                      if (button) buttons.current.set(line.orderId, button)
                      else buttons.current.delete(line.orderId)
                    }}
                    aria-expanded={open}
                    aria-controls={open ? formId : undefined}
                    onClick={() => {
                      setSaved('')
                      setEditing(open ? null : line.orderId)
                    }}
                  >
                    Edit link
                    <span className="sr-only">{` for ${line.businessName}, ${line.description}`}</span>
                  </Button>
                </TableCell>
              </TableRow>
            )
            if (!open) return [row]
            return [
              row,
              <TableRow key={`${line.orderId}-form`} className={STACKED_ROW}>
                <TableCell colSpan={8} className="max-md:block">
                  <LinkForm
                    id={formId}
                    line={line}
                    month={month}
                    onCancel={() => closeForm(line.orderId)}
                    onSaved={(link) => {
                      setSaved(ownerLinkSavedText(line, link))
                      closeForm(line.orderId)
                    }}
                  />
                </TableCell>
              </TableRow>,
            ]
          })}
        </TableBody>
      </Table>
    </div>
  )
}

function LinkForm({
  id,
  line,
  month,
  onCancel,
  onSaved,
}: {
  id: string
  line: AdminScanLineDto
  month: MonthKey
  onCancel: () => void
  onSaved: (link: LineLinkDto) => void
}) {
  const save = useSetLineLink(month)
  const [destination, setDestination] = useState<LinkDestination>(line.link.destination)
  const [target, setTarget] = useState(line.link.target ?? '')
  const [error, setError] = useState<string | undefined>()
  // Set with a refusal: once the message is tied to the field, the field gets the focus, so it is read with it.
  const [refusals, setRefusals] = useState(0)
  const fieldset = useRef<HTMLFieldSetElement>(null)
  const inputId = `${id}-target`
  const hintId = `${inputId}-hint`
  const errorId = `${inputId}-error`

  // The form opens on the destination chosen now.
  useEffect(() => {
    fieldset.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.focus()
  }, [])

  useEffect(() => {
    if (refusals > 0) document.getElementById(inputId)?.focus()
  }, [refusals, inputId])

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setError(undefined)
    const input = destination === 'page' ? { destination } : { destination, target }
    save.mutate(
      { orderId: line.orderId, ...input },
      {
        onSuccess: onSaved,
        onError: (failure) => {
          const message =
            fieldErrorsOf(failure, ['target'] as const).target ?? errorDescription(failure, SAVE_FAILED)
          setError(message)
          setRefusals((count) => count + 1)
        },
      },
    )
  }

  return (
    <form
      id={id}
      aria-label={`Link of ${line.businessName}, ${line.description}`}
      className="space-y-3 py-2"
      onSubmit={handleSubmit}
      noValidate
    >
      <fieldset ref={fieldset} className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">{LINK_QUESTION}</legend>
        {LINK_DESTINATIONS.map((value) => (
          <div key={value} className="flex items-center gap-2">
            <input
              type="radio"
              id={`${id}-${value}`}
              name={`${id}-destination`}
              value={value}
              checked={destination === value}
              onChange={() => {
                setDestination(value)
                setError(undefined)
              }}
              className="size-4 accent-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
            />
            <Label htmlFor={`${id}-${value}`} className="font-normal">
              {LINK_DESTINATION_LABELS[value]}
            </Label>
          </div>
        ))}
      </fieldset>
      {destination === 'page' ? (
        <p className="text-sm text-slate-700">{LINK_DESTINATION_HINTS.page}</p>
      ) : (
        <div className="space-y-1">
          <Label htmlFor={inputId}>{destination === 'website' ? 'Website' : 'Phone number'}</Label>
          <Input
            id={inputId}
            type={destination === 'website' ? 'url' : 'tel'}
            inputMode={destination === 'website' ? 'url' : 'tel'}
            autoComplete="off"
            className="max-w-md"
            value={target}
            onChange={(e) => {
              setTarget(e.target.value)
              setError(undefined)
            }}
            {...fieldErrorProps(error, errorId, hintId)}
          />
          <p id={hintId} className="text-sm text-slate-700">
            {LINK_DESTINATION_HINTS[destination]}
          </p>
          <FieldError id={errorId} error={error} />
        </div>
      )}
      {destination === 'page' && error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}

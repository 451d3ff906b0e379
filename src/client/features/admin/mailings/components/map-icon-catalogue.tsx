import { Archive, Pencil, Plus } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
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
import { ConfirmDialog } from '#client/features/admin/components/confirm-dialog.tsx'
import {
  STACKED_CELL,
  STACKED_HEADER,
  STACKED_ROW,
  STACKED_TABLE,
} from '#client/features/admin/components/stacked-table.ts'
import { errorDescription } from '#client/features/admin/hooks/error-message.ts'
import { useLoadErrorToast } from '#client/features/admin/hooks/use-load-error-toast.ts'
import { cn } from '#client/lib/cn.ts'
import { addMonths } from '#shared/dates.ts'
import { formatPrice } from '#shared/format.ts'
import {
  type AdminMapIconDto,
  MAILING_STATUS_LABELS,
  type MonthKey,
  mailingMonthLabel,
  parseMonthKey,
  toMonthKey,
} from '#shared/mailings.ts'
import { useAdminMailings } from '../api/get-admin-mailings'
import { useMapIconCatalogue, useRetireMapIcon } from '../api/map-icon-catalogue'
import { iconSizeLabel } from '../mailing-display'
import { EditMapIconDialog, type MapIconDialogTarget } from './edit-map-icon-dialog'
import { IconStockDialog } from './icon-stock-dialog'

const LOAD_ERROR = 'Failed to load the map icons. Please try again.'

/**
 * The icons for sale (name, size, price, and the quantity a new mailing starts with), and the way
 * to each mailing's own stock of them.
 */
export function MapIconCatalogue() {
  const { data, isPending, isError } = useMapIconCatalogue()
  useLoadErrorToast(isError, LOAD_ERROR)
  const [editing, setEditing] = useState<MapIconDialogTarget | null>(null)
  const [retiring, setRetiring] = useState<AdminMapIconDto | null>(null)
  const icons = data?.icons ?? []

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="space-y-1.5">
          <CardTitle className="text-xl">Icon Catalogue</CardTitle>
          <CardDescription>
            A new price applies to later sales; the default quantity to mailings created later. Each mailing
            keeps its own stock. A retired type is not sold from the next mailing on.
          </CardDescription>
        </div>
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" />
          Add Icon Type
        </Button>
      </CardHeader>
      <CardContent className="space-y-6">
        {isPending ? (
          <Spinner label="Loading map icons..." />
        ) : isError && !data ? (
          <p className="text-red-800">{LOAD_ERROR}</p>
        ) : icons.length === 0 ? (
          <p className="text-slate-700">There are no map icons yet.</p>
        ) : (
          <Table label="Map icons" className={STACKED_TABLE}>
            <TableHeader className={STACKED_HEADER}>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Size</TableHead>
                <TableHead>Price</TableHead>
                <TableHead>Default quantity</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {icons.map((icon) => (
                <TableRow key={icon.id} className={STACKED_ROW}>
                  <TableHead scope="row" data-label="Name" className={cn('h-auto py-2', STACKED_CELL)}>
                    {icon.name}
                  </TableHead>
                  <TableCell data-label="Size" className={STACKED_CELL}>
                    {iconSizeLabel(icon.size)}
                  </TableCell>
                  <TableCell data-label="Price" className={STACKED_CELL}>
                    {formatPrice(icon.price)}
                  </TableCell>
                  <TableCell data-label="Default quantity" className={STACKED_CELL}>
                    {icon.defaultQuantity}
                  </TableCell>
                  <TableCell data-label="Status" className={STACKED_CELL}>
                    {icon.retiredFrom
                      ? `Retired from the ${mailingMonthLabel(icon.retiredFrom)} mailing`
                      : 'On sale'}
                  </TableCell>
                  <TableCell data-label="Actions" className={STACKED_CELL}>
                    <div className="flex flex-wrap gap-2">
                      <Button variant="outline" size="sm" onClick={() => setEditing(icon)}>
                        <Pencil aria-hidden="true" />
                        Edit<span className="sr-only"> {icon.name}</span>
                      </Button>
                      {icon.retiredFrom ? null : (
                        <Button variant="outline" size="sm" onClick={() => setRetiring(icon)}>
                          <Archive aria-hidden="true" />
                          Retire<span className="sr-only"> {icon.name}</span>
                        </Button>
                      )}
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <MailingStockPicker />
      </CardContent>
      <EditMapIconDialog icon={editing} onClose={() => setEditing(null)} />
      <RetireMapIconDialog icon={retiring} onClose={() => setRetiring(null)} />
    </Card>
  )
}

/**
 * The mailing a type retired now is last sold in: the first one open for sale (the server decides the same
 * way, decision 020), or none.
 */
function useMailingOnSale(): MonthKey | null {
  const { data } = useAdminMailings()
  const rows = [...(data?.rows ?? [])].sort((a, b) => a.month.localeCompare(b.month))
  return rows.find((row) => row.status === 'open')?.month ?? null
}

function nextMonth(month: MonthKey): MonthKey {
  const { year, month: m } = parseMonthKey(month)
  const next = addMonths(year, m, 1)
  return toMonthKey(next.year, next.month)
}

function RetireMapIconDialog({ icon, onClose }: { icon: AdminMapIconDto | null; onClose: () => void }) {
  const retire = useRetireMapIcon()
  const onSale = useMailingOnSale()
  const description = onSale
    ? `It stays on sale in the ${mailingMonthLabel(onSale)} mailing and is not sold from the ${mailingMonthLabel(nextMonth(onSale))} mailing on. Orders already made keep what they bought.`
    : 'No mailing is on sale now: it is not sold from the next mailing on. Orders already made keep what they bought.'
  return (
    <ConfirmDialog
      open={icon !== null}
      onOpenChange={(open) => !open && onClose()}
      title={icon ? `Retire ${icon.name}?` : ''}
      description={description}
      confirmLabel="Retire"
      confirmDisabled={retire.isPending}
      onConfirm={() => {
        if (!icon) return
        retire.mutate(icon.id, {
          onSuccess: (retired) =>
            toast({
              title: 'Icon Retired',
              description: `${retired.name} is retired.`,
            }),
          onError: (error) =>
            toast({
              variant: 'destructive',
              title: 'Retire Failed',
              description: errorDescription(error, 'Failed to retire the icon. Please try again.'),
            }),
        })
      }}
    />
  )
}

/** Opens a chosen mailing's icon stock (the same dialog as the Mailings table's 'Icon stock'). */
function MailingStockPicker() {
  const { data } = useAdminMailings()
  const rows = data?.rows ?? []
  const [chosen, setChosen] = useState<MonthKey | null>(null)
  const [open, setOpen] = useState<MonthKey | null>(null)
  const month = chosen ?? rows.find((row) => row.status === 'open')?.month ?? rows[0]?.month ?? null
  if (rows.length === 0) return null
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="w-64 max-w-full space-y-2">
        <Label htmlFor="icon-stock-mailing">Mailing</Label>
        <Select value={month ?? undefined} onValueChange={setChosen}>
          <SelectTrigger id="icon-stock-mailing">
            <SelectValue placeholder="Select a mailing" />
          </SelectTrigger>
          <SelectContent>
            {rows.map((row) => (
              <SelectItem key={row.month} value={row.month}>
                {`${mailingMonthLabel(row.month)} (${MAILING_STATUS_LABELS[row.status]})`}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <Button variant="outline" disabled={month === null} onClick={() => setOpen(month)}>
        Icon stock
      </Button>
      <IconStockDialog month={open} onClose={() => setOpen(null)} />
    </div>
  )
}

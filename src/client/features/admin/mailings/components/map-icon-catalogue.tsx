import { Pencil } from 'lucide-react'
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
import {
  STACKED_CELL,
  STACKED_HEADER,
  STACKED_ROW,
  STACKED_TABLE,
} from '#client/features/admin/components/stacked-table.ts'
import { useLoadErrorToast } from '#client/features/admin/hooks/use-load-error-toast.ts'
import { cn } from '#client/lib/cn.ts'
import { formatPrice } from '#shared/format.ts'
import {
  type AdminMapIconDto,
  MAILING_STATUS_LABELS,
  type MonthKey,
  mailingMonthLabel,
} from '#shared/mailings.ts'
import { useAdminMailings } from '../api/get-admin-mailings'
import { useMapIconCatalogue } from '../api/map-icon-catalogue'
import { iconSizeLabel } from '../mailing-display'
import { EditMapIconDialog } from './edit-map-icon-dialog'
import { IconStockDialog } from './icon-stock-dialog'

const LOAD_ERROR = 'Failed to load the map icons. Please try again.'

/**
 * The icons for sale (name, size, price, and the quantity a new mailing starts with), and the way
 * to each mailing's own stock of them.
 */
export function MapIconCatalogue() {
  const { data, isPending, isError } = useMapIconCatalogue()
  useLoadErrorToast(isError, LOAD_ERROR)
  const [editing, setEditing] = useState<AdminMapIconDto | null>(null)
  const icons = data?.icons ?? []

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Icon Catalogue</CardTitle>
        <CardDescription>
          A new price applies to later sales; the default quantity to mailings created later. Each mailing
          keeps its own stock.
        </CardDescription>
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
                  <TableCell data-label="Actions" className={STACKED_CELL}>
                    <Button variant="outline" size="sm" onClick={() => setEditing(icon)}>
                      <Pencil aria-hidden="true" />
                      Edit<span className="sr-only"> {icon.name}</span>
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <MailingStockPicker />
      </CardContent>
      <EditMapIconDialog icon={editing} onClose={() => setEditing(null)} />
    </Card>
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

import { Pencil, Trash2 } from 'lucide-react'
import { useState } from 'react'
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
import { toast } from '#client/components/ui/use-toast.ts'
import { ConfirmDialog } from '#client/features/admin/components/confirm-dialog.tsx'
import {
  STACKED_CELL,
  STACKED_HEADER,
  STACKED_ROW,
  STACKED_TABLE,
} from '#client/features/admin/components/stacked-table.ts'
import { errorDescription } from '#client/features/admin/hooks/error-message.ts'
import { cn } from '#client/lib/cn.ts'
import type { AdminCalendarDayDto } from '#shared/admin-dto.ts'
import { formatDayDate, formatPrice } from '#shared/format.ts'
import { useDeleteCalendarDay } from '../api/delete-calendar-day'
import { dayStatusLabel } from '../day-price'
import { DayPriceEditor } from './day-price-cell'

const STATUS_VARIANT = {
  available: 'success',
  reserved: 'destructive',
  reserved_pending: 'warning',
} as const

export function CalendarDaysTable({ days }: { days: AdminCalendarDayDto[] }) {
  const [editingId, setEditingId] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<AdminCalendarDayDto | null>(null)
  const remove = useDeleteCalendarDay()

  function confirmDelete() {
    const day = deleting
    if (!day) return
    remove.mutate(day.id, {
      onSuccess: () =>
        toast({ title: 'Day Deleted', description: `${formatDayDate(day.date)} has been deleted.` }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Delete Failed',
          description: errorDescription(error, 'Failed to delete the calendar day. Please try again.'),
        }),
    })
  }

  return (
    <>
      <Table label="Calendar days" className={STACKED_TABLE}>
        <TableHeader className={STACKED_HEADER}>
          <TableRow>
            <TableHead>Date</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Business Name</TableHead>
            <TableHead>Price</TableHead>
            <TableHead>Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {days.map((day) => {
            const label = dayStatusLabel(day.status)
            const dateText = formatDayDate(day.date)
            return (
              <TableRow key={day.id} className={STACKED_ROW}>
                <TableCell data-label="Date" className={cn('whitespace-nowrap', STACKED_CELL)}>
                  {dateText}
                </TableCell>
                <TableCell data-label="Status" className={STACKED_CELL}>
                  <Badge variant={STATUS_VARIANT[day.status as keyof typeof STATUS_VARIANT] ?? 'secondary'}>
                    {label}
                  </Badge>
                </TableCell>
                <TableCell data-label="Business Name" className={STACKED_CELL}>
                  {day.businessName ?? ''}
                </TableCell>
                <TableCell data-label="Price" className={STACKED_CELL}>
                  {editingId === day.id ? (
                    <DayPriceEditor day={day} onDone={() => setEditingId(null)} />
                  ) : (
                    formatPrice(day.price)
                  )}
                </TableCell>
                <TableCell data-label="Actions" className={STACKED_CELL}>
                  <div className="flex gap-1">
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Edit price for ${dateText}`}
                      onClick={() => setEditingId(day.id)}
                    >
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="text-red-700"
                      aria-label={`Delete ${dateText}`}
                      onClick={() => setDeleting(day)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            )
          })}
        </TableBody>
      </Table>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Calendar Day"
        description={deleting ? `Delete ${formatDayDate(deleting.date)}? This cannot be undone.` : ''}
        confirmLabel="Delete"
        onConfirm={confirmDelete}
      />
    </>
  )
}

import { useId } from 'react'
import { useSearchParams } from 'react-router'
import { Label } from '#client/components/ui/label.tsx'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { useLoadErrorToast } from '#client/features/admin/hooks/use-load-error-toast.ts'
import { useAdminMailings } from '#client/features/admin/mailings/api/get-admin-mailings.ts'
import { isMonthKey } from '#shared/mailing-names.ts'
import { mailingMonthLabel } from '#shared/mailings.ts'
import { defaultArtworkMonth } from '../artwork-display'
import { ArtworkBoard } from './artwork-board'
import { PrintSizesForm } from './print-sizes-form'

const LOAD_ERROR = 'Failed to load the mailings. Please try again.'

/**
 * The owner's production board: the mailing of ?month= (else the one whose artwork is due
 * next), its lines and their artwork, and the print sizes every check is measured against.
 */
export function ArtworkManagement() {
  const [searchParams, setSearchParams] = useSearchParams()
  const mailings = useAdminMailings()
  useLoadErrorToast(mailings.isError, LOAD_ERROR)
  const pickerId = useId()

  const requested = searchParams.get('month')
  const rows = mailings.data?.rows ?? []
  const month = isMonthKey(requested) ? requested : defaultArtworkMonth(rows)
  // A month from a link may lie outside the overview's window: it is offered all the same.
  const months = rows.map((row) => row.month)
  if (month && !months.includes(month)) months.push(month)
  months.sort()

  function chooseMonth(next: string) {
    setSearchParams((params) => {
      params.set('month', next)
      return params
    })
  }

  return (
    <div className="space-y-6">
      {month === null && mailings.isPending ? (
        <Spinner label="Loading mailings..." />
      ) : month === null && mailings.isError ? (
        <p className="rounded-md border border-red-200 bg-red-50 p-4 text-red-900">{LOAD_ERROR}</p>
      ) : month === null ? (
        <p className="rounded-md border border-slate-200 p-6 text-center text-slate-700">
          No mailings yet. A month's mailing is created when its calendar days are first initialized.
        </p>
      ) : (
        <>
          <div className="max-w-xs space-y-2">
            <Label htmlFor={pickerId}>Mailing</Label>
            <Select value={month} onValueChange={chooseMonth}>
              <SelectTrigger id={pickerId}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {months.map((key) => (
                  <SelectItem key={key} value={key}>
                    {mailingMonthLabel(key)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <ArtworkBoard key={month} month={month} />
        </>
      )}
      <PrintSizesForm />
    </div>
  )
}

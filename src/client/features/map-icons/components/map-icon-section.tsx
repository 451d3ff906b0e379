import { useQueryClient } from '@tanstack/react-query'
import { RefreshCw } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import type { MonthKey } from '#shared/mailings.ts'
import { mapIconsQueryOptions, useMapIcons } from '../api/get-map-icons'
import { refreshMapIconAvailability } from '../api/refresh-map-icon-availability'
import { mailingMonthsOf } from '../map-icon-display'
import { MailingPicker } from './mailing-picker'
import { MapIconCard } from './map-icon-card'

/** What a map icon is, where the icons are offered beside the days (/calendar, the cart). */
export const MAP_ICON_OFFER_INTRO =
  'Put your logo on the town map on the other side of the postcard too: one map icon per cart.'

/**
 * The 'Map Icon Pricing' cards with availability, printed size, Refresh and Reserve: on /5k-example, beside
 * the days on /calendar, and in a cart that holds days but no icon. The buyer picks the mailing (the next
 * one first) and the cards show that mailing's stock. `withIntro` says what an icon is, where the page
 * around it does not.
 */
export function MapIconSection({ withIntro = false }: { withIntro?: boolean }) {
  const iconsQuery = useMapIcons()
  const queryClient = useQueryClient()
  const [isRefreshing, setIsRefreshing] = useState(false)
  const [chosenMonth, setChosenMonth] = useState<MonthKey | null>(null)

  // Only a first load that fails; a failed Refresh says 'Failed to refresh.' instead.
  const hasData = iconsQuery.data !== undefined
  useEffect(() => {
    if (iconsQuery.error && !hasData) {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: 'Failed to load map icons. Please try again.',
      })
    }
  }, [iconsQuery.error, hasData])

  async function refresh() {
    setIsRefreshing(true)
    try {
      // The map example image on the same page is refreshed too, as the 'Success' toast says.
      const [fresh] = await Promise.all([
        refreshMapIconAvailability(),
        queryClient.invalidateQueries({ queryKey: queryKeys.media.all() }),
      ])
      queryClient.setQueryData(mapIconsQueryOptions.queryKey, { icons: fresh.icons })
      toast({ title: 'Success', description: 'Map icon availability and example have been refreshed.' })
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to refresh.' })
    } finally {
      setIsRefreshing(false)
    }
  }

  const icons = iconsQuery.data?.icons ?? []
  const months = mailingMonthsOf(icons)
  // A chosen mailing that closed meanwhile (seen after a Refresh) gives way to the next open one.
  const month = chosenMonth && months.includes(chosenMonth) ? chosenMonth : (months[0] ?? null)

  return (
    <section aria-labelledby="map-icon-pricing-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="map-icon-pricing-heading" className="text-2xl text-slate-900 md:text-3xl">
          Map Icon Pricing
        </h2>
        <Button variant="outline" onClick={refresh} disabled={isRefreshing}>
          <RefreshCw className={isRefreshing ? 'animate-spin' : undefined} aria-hidden="true" />
          Refresh
        </Button>
      </div>
      {withIntro ? <p className="text-slate-800">{MAP_ICON_OFFER_INTRO}</p> : null}
      {iconsQuery.isPending ? (
        <Spinner label="Loading map icons..." />
      ) : icons.length === 0 ? (
        <p className="py-6 text-center text-slate-700">No available icons</p>
      ) : (
        <>
          {month ? <MailingPicker months={months} value={month} onChange={setChosenMonth} /> : null}
          <ul className="grid gap-4 sm:grid-cols-2">
            {icons.map((icon) => (
              <li key={icon.id}>
                <MapIconCard icon={icon} month={month} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}

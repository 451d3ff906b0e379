import { useQuery } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import type { MonthKey } from '#shared/mailings.ts'
import { ORDER_MAILINGS_KEY } from './get-order-mailings'

/** The chosen mailing's own stock of every icon (the Mailings section's icon-stock key and read). */
export function getMailingIconOptions(month: MonthKey) {
  return ok(api.admin.mailings[':month']['icon-stock'].$get({ param: { month } }))
}

export function useMailingIconOptions(month: MonthKey | null) {
  return useQuery({
    queryKey: [...ORDER_MAILINGS_KEY, month ?? '', 'icon-stock'] as const,
    queryFn: () => getMailingIconOptions(month ?? ''),
    enabled: month !== null,
  })
}

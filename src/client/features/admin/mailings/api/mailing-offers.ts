import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'
import type { MonthKey } from '#shared/mailings.ts'
import type { AdminMailingOffersDto, AdminOfferDto } from '#shared/offers.ts'

/** Who was offered what in a mailing, whether offers are on, and when they were made. */
export function getMailingOffers(month: MonthKey): Promise<AdminMailingOffersDto> {
  return ok(api.admin.mailings[':month'].offers.$get({ param: { month } }))
}

export function mailingOffersQueryOptions(month: MonthKey) {
  return queryOptions({
    queryKey: adminQueryKeys.mailingOffers(month),
    queryFn: () => getMailingOffers(month),
  })
}

export function useMailingOffers(month: MonthKey | null) {
  return useQuery({ ...mailingOffersQueryOptions(month ?? ''), enabled: month !== null })
}

/** The offer e-mail queued again, to the advertiser's address of now. */
export function resendOffer(id: string): Promise<AdminOfferDto> {
  return ok(api.admin.offers[':id'].resend.$post({ param: { id } }))
}

/** The hold's end pushed later by whole days (1 to 30). */
export function extendOffer({ id, days }: { id: string; days: number }): Promise<AdminOfferDto> {
  return ok(api.admin.offers[':id'].extend.$post({ param: { id }, json: { days } }))
}

export function useResendOffer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: resendOffer,
    onSuccess: (offer) =>
      queryClient.invalidateQueries({ queryKey: adminQueryKeys.mailingOffers(offer.mailingMonth) }),
  })
}

export function useExtendOffer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: extendOffer,
    onSuccess: (offer) =>
      queryClient.invalidateQueries({ queryKey: adminQueryKeys.mailingOffers(offer.mailingMonth) }),
  })
}

import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'
import {
  type AdvertiserEdit,
  type AdvertiserSort,
  DEFAULT_ADVERTISERS_PAGE_SIZE,
} from '#shared/admin-advertisers.ts'

/** What the list shows: the search as sent (already debounced and trimmed), the order and the page. */
export type AdvertisersView = {
  q: string
  sort: AdvertiserSort
  dir: 'asc' | 'desc'
  page: number
  pageSize: number
}

export const DEFAULT_ADVERTISERS_VIEW: AdvertisersView = {
  q: '',
  sort: 'lastMailing',
  dir: 'desc',
  page: 1,
  pageSize: DEFAULT_ADVERTISERS_PAGE_SIZE,
}

/** The query string: an empty search is left out. */
export function advertisersQuery(view: AdvertisersView) {
  return {
    ...(view.q ? { q: view.q } : {}),
    sort: view.sort,
    dir: view.dir,
    page: String(view.page),
    pageSize: String(view.pageSize),
  }
}

export function advertisersQueryOptions(view: AdvertisersView) {
  return queryOptions({
    queryKey: adminQueryKeys.advertisersPage(view),
    queryFn: () => ok(api.admin.advertisers.$get({ query: advertisersQuery(view) })),
    placeholderData: keepPreviousData,
  })
}

export function useAdvertisers(view: AdvertisersView, options: { enabled?: boolean } = {}) {
  return useQuery({ ...advertisersQueryOptions(view), enabled: options.enabled ?? true })
}

const advertiser = (id: string) => ({ param: { id } })

export function useAdvertiserDetail(id: string | null) {
  return useQuery({
    queryKey: adminQueryKeys.advertiser(id),
    queryFn: () => ok(api.admin.advertisers[':id'].$get(advertiser(id as string))),
    enabled: id !== null,
  })
}

/** An edit or a merge changes the list's rows and figures: every advertiser query is read again. */
function useAdvertiserMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.advertisers() }),
  })
}

export function useUpdateAdvertiser(id: string) {
  return useAdvertiserMutation((input: AdvertiserEdit) =>
    ok(api.admin.advertisers[':id'].$patch({ ...advertiser(id), json: input })),
  )
}

/** Merges `fromId` into the advertiser `id` (the one whose drawer is open). */
export function useMergeAdvertiser(id: string) {
  return useAdvertiserMutation((fromId: string) =>
    ok(api.admin.advertisers[':id'].merge.$post({ ...advertiser(id), json: { fromId } })),
  )
}

/** E-mails the advertiser the one-time link to their account page; the e-mail log shows it afterwards. */
export function useSendAccountLink(id: string) {
  return useAdvertiserMutation((_: undefined) =>
    ok(api.admin.advertisers[':id']['account-link'].$post(advertiser(id))),
  )
}

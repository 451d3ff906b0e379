import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'
import type { CheckoutSort } from '#shared/admin-checkouts.ts'
import { DEFAULT_CHECKOUTS_PAGE_SIZE } from '#shared/admin-checkouts.ts'

/** The Advanced Filters form's values; empty strings are "not filtered". */
export type OrderFilters = {
  status: string
  businessName: string
  email: string
  createdFrom: string
  createdTo: string
  maxPrice: string
  type: string
  mailingMonth: string
}

export const EMPTY_ORDER_FILTERS: OrderFilters = {
  status: 'all',
  businessName: '',
  email: '',
  createdFrom: '',
  createdTo: '',
  maxPrice: '',
  type: 'all',
  mailingMonth: '',
}

export type CheckoutsView = {
  filters: OrderFilters
  sort: CheckoutSort
  dir: 'asc' | 'desc'
  page: number
  pageSize: number
}

export const DEFAULT_CHECKOUTS_VIEW: CheckoutsView = {
  filters: EMPTY_ORDER_FILTERS,
  sort: 'created',
  dir: 'desc',
  page: 1,
  pageSize: DEFAULT_CHECKOUTS_PAGE_SIZE,
}

/** Status 'all' means no status filter; empty fields are left out. */
export function toOrderQuery(filters: OrderFilters) {
  const text = (value: string) => value.trim() || undefined
  return {
    status: filters.status && filters.status !== 'all' ? filters.status : undefined,
    businessName: text(filters.businessName),
    email: text(filters.email),
    createdFrom: filters.createdFrom || undefined,
    createdTo: filters.createdTo || undefined,
    maxPrice: text(filters.maxPrice),
    type: filters.type && filters.type !== 'all' ? filters.type : undefined,
    mailingMonth: filters.mailingMonth || undefined,
  }
}

/** The CSV of the filtered checkouts (one row per line), downloaded by the browser itself. */
export function ordersExportUrl(filters: OrderFilters): string {
  return api.admin.checkouts['export.csv'].$path({ query: toOrderQuery(filters) })
}

export function checkoutsQuery(view: CheckoutsView) {
  return {
    ...toOrderQuery(view.filters),
    sort: view.sort,
    dir: view.dir,
    page: String(view.page),
    pageSize: String(view.pageSize),
  }
}

export function adminCheckoutsQueryOptions(view: CheckoutsView) {
  return queryOptions({
    queryKey: adminQueryKeys.checkoutsPage(view),
    queryFn: () => ok(api.admin.checkouts.$get({ query: checkoutsQuery(view) })),
    placeholderData: keepPreviousData,
  })
}

export function useAdminCheckouts(view: CheckoutsView) {
  return useQuery(adminCheckoutsQueryOptions(view))
}

const checkout = (key: string) => ({ param: { key: encodeURIComponent(key) } })

export function useCheckoutDetail(key: string | null) {
  return useQuery({
    queryKey: adminQueryKeys.checkout(key),
    queryFn: () => ok(api.admin.checkouts[':key'].$get(checkout(key as string))),
    enabled: key !== null,
  })
}

export function useAddCheckoutNote(key: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: string) =>
      ok(api.admin.checkouts[':key'].notes.$post({ ...checkout(key), json: { body } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.checkout(key) }),
  })
}

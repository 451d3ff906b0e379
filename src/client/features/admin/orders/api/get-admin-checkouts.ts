import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import type {
  CheckoutDetailDto,
  CheckoutNoteDto,
  CheckoutSort,
  CheckoutsPageDto,
} from '#shared/admin-checkouts.ts'
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

export const ADMIN_CHECKOUTS_KEY = ['admin', 'checkouts'] as const

/** Spec section 5: status 'all' means no status filter; empty fields are left out. */
export function toOrderSearch(filters: OrderFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.status && filters.status !== 'all') params.set('status', filters.status)
  if (filters.businessName.trim()) params.set('businessName', filters.businessName.trim())
  if (filters.email.trim()) params.set('email', filters.email.trim())
  if (filters.createdFrom) params.set('createdFrom', filters.createdFrom)
  if (filters.createdTo) params.set('createdTo', filters.createdTo)
  if (filters.maxPrice.trim()) params.set('maxPrice', filters.maxPrice.trim())
  if (filters.type && filters.type !== 'all') params.set('type', filters.type)
  if (filters.mailingMonth) params.set('mailingMonth', filters.mailingMonth)
  return params
}

function withSearch(path: string, params: URLSearchParams): string {
  const search = params.toString()
  return search ? `${path}?${search}` : path
}

/** The CSV of the filtered checkouts (one row per line), downloaded by the browser itself. */
export function ordersExportUrl(filters: OrderFilters): string {
  return withSearch('/api/admin/checkouts/export.csv', toOrderSearch(filters))
}

export function checkoutsUrl(view: CheckoutsView): string {
  const params = toOrderSearch(view.filters)
  params.set('sort', view.sort)
  params.set('dir', view.dir)
  params.set('page', String(view.page))
  params.set('pageSize', String(view.pageSize))
  return withSearch('/api/admin/checkouts', params)
}

export function adminCheckoutsQueryOptions(view: CheckoutsView) {
  return queryOptions({
    queryKey: [...ADMIN_CHECKOUTS_KEY, 'page', view],
    queryFn: () => apiClient.get<CheckoutsPageDto>(checkoutsUrl(view)),
    placeholderData: keepPreviousData,
  })
}

export function useAdminCheckouts(view: CheckoutsView) {
  return useQuery(adminCheckoutsQueryOptions(view))
}

const checkoutPath = (key: string) => `/api/admin/checkouts/${encodeURIComponent(key)}`

export function useCheckoutDetail(key: string | null) {
  return useQuery({
    queryKey: [...ADMIN_CHECKOUTS_KEY, 'detail', key],
    queryFn: () => apiClient.get<CheckoutDetailDto>(checkoutPath(key as string)),
    enabled: key !== null,
  })
}

export function useAddCheckoutNote(key: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: string) => apiClient.post<CheckoutNoteDto>(`${checkoutPath(key)}/notes`, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...ADMIN_CHECKOUTS_KEY, 'detail', key] }),
  })
}

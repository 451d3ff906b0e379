import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { AdminOrdersResponse } from '../../../../../shared/admin-dto'
import { apiClient } from '../../../../lib/api-client'

export type OrderFilters = { status: string; businessName: string; createdFrom: string; createdTo: string }

export const EMPTY_ORDER_FILTERS: OrderFilters = {
  status: 'all',
  businessName: '',
  createdFrom: '',
  createdTo: '',
}

export const ADMIN_ORDERS_KEY = ['admin', 'orders'] as const

/** Spec section 5: status 'all' means no status filter; empty fields are left out. */
export function toOrderSearch(filters: OrderFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.status && filters.status !== 'all') params.set('status', filters.status)
  if (filters.businessName.trim()) params.set('businessName', filters.businessName.trim())
  if (filters.createdFrom) params.set('createdFrom', filters.createdFrom)
  if (filters.createdTo) params.set('createdTo', filters.createdTo)
  return params
}

function withSearch(path: string, filters: OrderFilters): string {
  const search = toOrderSearch(filters).toString()
  return search ? `${path}?${search}` : path
}

/** The CSV of the filtered orders, downloaded by the browser itself. */
export function ordersExportUrl(filters: OrderFilters): string {
  return withSearch('/api/admin/orders/export.csv', filters)
}

export function getAdminOrders(filters: OrderFilters): Promise<AdminOrdersResponse> {
  return apiClient.get<AdminOrdersResponse>(withSearch('/api/admin/orders', filters))
}

export function adminOrdersQueryOptions(filters: OrderFilters) {
  return queryOptions({
    queryKey: [...ADMIN_ORDERS_KEY, filters],
    queryFn: () => getAdminOrders(filters),
    placeholderData: keepPreviousData,
  })
}

export function useAdminOrders(filters: OrderFilters) {
  return useQuery(adminOrdersQueryOptions(filters))
}

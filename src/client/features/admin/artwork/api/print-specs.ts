import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import type { PrintSpecs } from '#shared/artwork.ts'

export const PRINT_SPECS_KEY = ['admin', 'print-specs'] as const

export function getPrintSpecs(): Promise<PrintSpecs> {
  return apiClient.get<PrintSpecs>('/api/admin/print-specs')
}

export const printSpecsQueryOptions = queryOptions({ queryKey: PRINT_SPECS_KEY, queryFn: getPrintSpecs })

export function usePrintSpecs() {
  return useQuery(printSpecsQueryOptions)
}

export function updatePrintSpecs(input: PrintSpecs): Promise<PrintSpecs> {
  return apiClient.put<PrintSpecs>('/api/admin/print-specs', input)
}

/** The print check of every line depends on these sizes, so the boards are refetched too. */
export function useUpdatePrintSpecs() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updatePrintSpecs,
    onSuccess: (saved) => {
      queryClient.setQueryData(PRINT_SPECS_KEY, saved)
      return queryClient.invalidateQueries({ queryKey: ['admin', 'artwork-board'] })
    },
  })
}

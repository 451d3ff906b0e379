import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import type { PrintSpecs } from '#shared/artwork.ts'

export const PRINT_SPECS_KEY = ['admin', 'print-specs'] as const

export function getPrintSpecs() {
  return ok(api.admin['print-specs'].$get())
}

export const printSpecsQueryOptions = queryOptions({ queryKey: PRINT_SPECS_KEY, queryFn: getPrintSpecs })

export function usePrintSpecs() {
  return useQuery(printSpecsQueryOptions)
}

export function updatePrintSpecs(input: PrintSpecs) {
  return ok(api.admin['print-specs'].$put({ json: input }))
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

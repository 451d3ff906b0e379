import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'
import type { PrintSpecs } from '#shared/artwork.ts'

export function getPrintSpecs() {
  return ok(api.admin['print-specs'].$get())
}

export const printSpecsQueryOptions = queryOptions({
  queryKey: adminQueryKeys.printSpecs(),
  queryFn: getPrintSpecs,
})

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
      queryClient.setQueryData(adminQueryKeys.printSpecs(), saved)
      return queryClient.invalidateQueries({ queryKey: adminQueryKeys.artworkBoard() })
    },
  })
}

/** Uploads the house ad's image (PNG or JPEG); the server answers with the saved print settings. */
export function uploadHouseAdImage(file: File) {
  return ok(api.admin['print-specs']['house-ad'].$post({ form: { file } }))
}

export function removeHouseAdImage() {
  return ok(api.admin['print-specs']['house-ad'].$delete())
}

export function useHouseAdImage() {
  const queryClient = useQueryClient()
  const onSuccess = (saved: PrintSpecs) => queryClient.setQueryData(adminQueryKeys.printSpecs(), saved)
  return {
    upload: useMutation({ mutationFn: uploadHouseAdImage, onSuccess }),
    remove: useMutation({ mutationFn: removeHouseAdImage, onSuccess }),
  }
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'

/** Sends an invoice (PDF and pay link) for what a purchase has awaiting payment. */
export function useSendInvoice(key: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      ok(api.admin.checkouts[':key'].invoice.$post({ param: { key: encodeURIComponent(key) } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.checkout(key) }),
  })
}

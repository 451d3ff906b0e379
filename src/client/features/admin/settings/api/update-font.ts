import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import type { SiteFont } from '#shared/fonts.ts'

export function updateFont(font: SiteFont) {
  return ok(api.settings.font.$put({ json: { font } }))
}

export function useUpdateFont() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateFont,
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.settings(), settings),
  })
}

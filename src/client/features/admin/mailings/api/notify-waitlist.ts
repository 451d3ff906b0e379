import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import type { MonthKey, NotifyWaitlistResponse } from '#shared/mailings.ts'
import { ADMIN_MAILINGS_KEY } from './get-admin-mailings'

export function notifyWaitlist(month: MonthKey): Promise<NotifyWaitlistResponse> {
  return apiClient.post<NotifyWaitlistResponse>(`/api/admin/mailings/${month}/notify-waitlist`)
}

export function useNotifyWaitlist() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: notifyWaitlist,
    // The row shows when the waitlist was last e-mailed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_MAILINGS_KEY }),
  })
}

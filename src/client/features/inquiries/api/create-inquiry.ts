import { useMutation } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import type { CreateInquiryInput } from '#shared/inquiries.ts'

/** POST /api/inquiries → 201 { ok: true }; 422 validation_failed with fields; 429 rate_limited. */
export function createInquiry(input: CreateInquiryInput): Promise<{ ok: true }> {
  return apiClient.post<{ ok: true }>('/api/inquiries', input)
}

export function useCreateInquiry() {
  return useMutation({ mutationFn: createInquiry })
}

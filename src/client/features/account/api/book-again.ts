import { apiClient } from '#client/lib/api-client.ts'
import type { BookAgainDto } from '#shared/account.ts'

/** The purchase's days of the month in the next mailing open for sale: which are free and which are not. */
export function getBookAgain(purchaseId: string): Promise<BookAgainDto> {
  return apiClient.get<BookAgainDto>(`/api/account/purchases/${encodeURIComponent(purchaseId)}/book-again`)
}

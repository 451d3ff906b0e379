import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import type { MediaListResponse } from '#shared/dto.ts'

export function getCalendarExamples(): Promise<MediaListResponse> {
  return apiClient.get<MediaListResponse>('/api/media?type=calendar_example')
}

export const calendarExampleQueryOptions = queryOptions({
  queryKey: queryKeys.media.ofType('calendar_example'),
  queryFn: getCalendarExamples,
})

/** The newest calendar example image (the API answers newest first), or null when none is uploaded. */
export function useCalendarExample() {
  return useQuery({ ...calendarExampleQueryOptions, select: (data) => data.items[0] ?? null })
}

import { type ClientResponse, hc } from 'hono/client'
import type { ResponseFormat } from 'hono/types'
import { readJson, toApiError } from '#client/lib/api-client.ts'
import type { ApiType } from '#server/app.ts'

/**
 * The admin screens' typed client: paths, inputs and answers come from the server's routes (ApiType).
 * Admin code only: hc is 2 KB gzip, which the public pages' 110 KB budget cannot take (decision 016), so the
 * public pages keep api-client.ts. The same request as apiClient's: same-origin cookies, JSON accepted.
 */
export const api = hc<ApiType>('/', {
  // The fetch of the moment, not the one at import: tests stub the global.
  fetch: (input: RequestInfo | URL, init?: RequestInit) =>
    fetch(input, { credentials: 'same-origin', ...init }),
  headers: { accept: 'application/json' },
}).api

/**
 * The answer's JSON, typed by the route; a non-2xx answer throws the same ApiError apiClient throws (the
 * server's message, which the admin toasts show). An empty answer (204) is null.
 */
export async function ok<T, U extends number, F extends ResponseFormat>(
  request: Promise<ClientResponse<T, U, F>>,
): Promise<T> {
  const response = await request
  const body = await readJson(response as unknown as Response)
  if (!response.ok) throw toApiError(response.status, body)
  return body as T
}

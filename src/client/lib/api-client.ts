/**
 * Fetch wrapper for our own /api endpoints: JSON in and out, same-origin cookies, and one error type.
 * Our endpoints answer errors as { error: { code, message, fields? } }; better-auth answers
 * { message, code }. Both become an ApiError.
 */

export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly fields?: Record<string, string[]>
  /** False when the server sent no message and `message` is our generic fallback. */
  readonly hasServerMessage: boolean

  constructor(
    status: number,
    code: string,
    message: string,
    options: { fields?: Record<string, string[]>; hasServerMessage?: boolean } = {},
  ) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.fields = options.fields
    this.hasServerMessage = options.hasServerMessage ?? true
  }
}

type RequestOptions = Omit<RequestInit, 'body'> & { body?: unknown }

type Fetch = (path: string, init: RequestInit) => Promise<Response>
let send: Fetch = (path, init) => fetch(path, init)

/**
 * Server rendering only (src/client/entry-server.tsx): public reads are answered by the server's own app,
 * in process. One function for the whole process, which serves every request alike (no cookies go in).
 */
export function setApiFetch(fetchImpl: Fetch) {
  send = fetchImpl
}

type ErrorBody = {
  error?: { code?: string; message?: string; fields?: Record<string, string[]> }
  code?: string
  message?: string
}

/** The body as JSON; null when it is empty or not JSON (a proxy's HTML error page, say). */
export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text()
  if (!text) return null
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

export function toApiError(status: number, body: unknown): ApiError {
  const data = (body && typeof body === 'object' ? body : {}) as ErrorBody
  const code = data.error?.code ?? data.code ?? `HTTP_${status}`
  const serverMessage = data.error?.message ?? data.message
  return new ApiError(status, code, serverMessage || `Request failed with status ${status}`, {
    fields: data.error?.fields,
    hasServerMessage: Boolean(serverMessage),
  })
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { body, headers, ...rest } = options
  // FormData (media uploads) goes as multipart/form-data; the browser writes the boundary header itself.
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData
  const init: RequestInit = {
    credentials: 'same-origin',
    ...rest,
    headers: {
      accept: 'application/json',
      ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  }
  const response = await send(path, init)
  const data = await readJson(response)
  if (!response.ok) throw toApiError(response.status, data)
  return data as T
}

export const apiClient = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
}

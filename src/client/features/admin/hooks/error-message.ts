import { ApiError } from '#client/lib/api-client.ts'

/** The server's own message when it sent one (validation, conflicts), else the screen's fallback. */
export function errorDescription(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.hasServerMessage && error.status < 500 ? error.message : fallback
}

/** The server's first message for each of the form's fields it refused; none when it named no field. */
export function fieldErrorsOf<F extends string>(
  error: unknown,
  fields: readonly F[],
): Partial<Record<F, string>> {
  const messages = error instanceof ApiError ? error.fields : undefined
  const found: Partial<Record<F, string>> = {}
  for (const field of fields) {
    const message = messages?.[field]?.[0]
    if (message) found[field] = message
  }
  return found
}

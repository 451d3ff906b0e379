import { ApiError } from '../../../lib/api-client'

/** The server's own message when it sent one (validation, conflicts), else the screen's fallback. */
export function errorDescription(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.hasServerMessage && error.status < 500 ? error.message : fallback
}

import type { z } from 'zod'

/** Codes the API answers with; each has one HTTP status (the client switches on the code, not the text). */
const errorStatus = {
  bad_request: 400,
  invalid_json: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  rate_limited: 429,
  internal: 500,
  bad_gateway: 502,
  unavailable: 503,
} as const

type ErrorCode = keyof typeof errorStatus
type FieldErrors = Record<string, string[]>

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message)
    this.name = 'AppError'
  }

  get status() {
    return errorStatus[this.code]
  }

  toJSON() {
    return {
      error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) },
    }
  }
}

/** The answer while the database cannot be reached (a 503: the client may simply try again). */
export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.'

function fieldErrorsOf(error: z.core.$ZodError): FieldErrors {
  const fields: FieldErrors = {}
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_'
    fields[key] ??= []
    fields[key].push(issue.message)
  }
  return fields
}

export function validationError(error: z.core.$ZodError, message = 'Some fields are missing or invalid.') {
  return new AppError('validation_failed', message, fieldErrorsOf(error))
}

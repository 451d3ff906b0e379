import type { Context } from 'hono'
import type { z } from 'zod'
import { AppError, validationError } from '../lib/errors.ts'

/** Reads a JSON body and validates it: malformed JSON → 400, a wrong shape → 422 with field errors. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const type = c.req.header('content-type') ?? ''
  if (!type.toLowerCase().includes('application/json')) {
    throw new AppError(
      'unsupported_media_type',
      'Send the request body as JSON (Content-Type: application/json).',
    )
  }
  let body: unknown
  try {
    body = await c.req.json()
  } catch {
    throw new AppError('invalid_json', 'The request body is not valid JSON.')
  }
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw validationError(parsed.error)
  return parsed.data
}

/** Validates the query string (first value of each name): a wrong shape → 422 with field errors. */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const parsed = schema.safeParse(c.req.query())
  if (!parsed.success) throw validationError(parsed.error, 'Some query parameters are missing or invalid.')
  return parsed.data
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value)
}

/**
 * The `:id` path parameter of a uuid-keyed resource. Anything that is not a uuid cannot name a row,
 * so it answers the same 404 as an unknown id (and never reaches the database as a cast error).
 */
export function readIdParam(c: Context, notFoundMessage: string, name = 'id'): string {
  const id = c.req.param(name)
  if (!id || !isUuid(id)) throw new AppError('not_found', notFoundMessage)
  return id.toLowerCase()
}

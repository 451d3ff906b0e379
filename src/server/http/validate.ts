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

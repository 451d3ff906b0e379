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
  refuseUnstorableText(body, 'Some fields are missing or invalid.')
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw validationError(parsed.error)
  return parsed.data
}

export const UNSTORABLE_TEXT_MESSAGE =
  'Text must not contain NUL characters (\\u0000) or unpaired surrogates (\\ud800-\\udfff).'

/** U+0000 (text refuses it) or half of a surrogate pair (jsonb refuses it, text silently mangles it). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is exactly what is refused
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/**
 * PostgreSQL cannot store U+0000 in text, nor an unpaired surrogate in jsonb: such a string would fail at
 * the database (a 500). Refused up front as a 422 naming the field. Walks without recursion, so deeply
 * nested JSON cannot overflow the stack.
 */
function refuseUnstorableText(value: unknown, message: string): void {
  type Entry = { value: unknown; key?: string; parent?: Entry }
  const fieldOf = (entry: Entry) => {
    const path: string[] = []
    for (let e: Entry | undefined = entry; e?.key !== undefined; e = e.parent) path.unshift(e.key)
    return path.length > 0 ? path.join('.') : '_'
  }
  const refuse = (entry: Entry) => {
    throw new AppError('validation_failed', message, { [fieldOf(entry)]: [UNSTORABLE_TEXT_MESSAGE] })
  }
  const stack: Entry[] = [{ value }]
  while (stack.length > 0) {
    const entry = stack.pop() as Entry
    if (typeof entry.value === 'string') {
      if (UNSTORABLE.test(entry.value)) refuse(entry)
    } else if (entry.value && typeof entry.value === 'object') {
      for (const [key, item] of Object.entries(entry.value)) {
        const child = { value: item, key, parent: entry }
        if (UNSTORABLE.test(key)) refuse(child)
        stack.push(child)
      }
    }
  }
}

/** Validates the query string (first value of each name): a wrong shape → 422 with field errors. */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const query = c.req.query()
  refuseUnstorableText(query, 'Some query parameters are missing or invalid.')
  const parsed = schema.safeParse(query)
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

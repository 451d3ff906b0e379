import { zValidator } from '@hono/zod-validator'
import type { Context, Env, MiddlewareHandler } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { z } from 'zod'
import { AppError, validationError } from '../lib/errors.ts'

const BODY_MESSAGE = 'Some fields are missing or invalid.'
const QUERY_MESSAGE = 'Some query parameters are missing or invalid.'

/** What the handler reads with `c.req.valid(target)`: the schema's output. */
type Validated<Target extends 'json' | 'query', S extends z.ZodType> = {
  in: { [K in Target]: z.input<S> }
  out: { [K in Target]: z.output<S> }
}

/** Turns a 422 into the one to throw: `error` is the schema's, absent when unstorable text was refused. */
type Reword = (refusal: AppError, error?: z.core.$ZodError) => AppError

/**
 * The JSON body as middleware: `app.post(path, jsonBody(schema), (c) => … c.req.valid('json'))`.
 * No JSON Content-Type → 415, malformed JSON → 400 invalid_json, unstorable text → 422 naming the field,
 * a wrong shape → 422 with field errors. A schema that depends on the moment (the current year) is passed
 * as a function and built for each request. `reword` changes the 422s' message (the fields stay).
 */
export function jsonBody<S extends z.ZodType>(schema: S | (() => S), reword?: Reword) {
  return createMiddleware<Env, string, Validated<'json', S>>(async (c, next) => {
    const body = await readJsonBody(c)
    const current = typeof schema === 'function' ? schema() : schema
    return validator('json', current, body, BODY_MESSAGE, reword)(c, next)
  })
}

/**
 * The query string as middleware (`c.req.valid('query')`): the first value of each name, as `c.req.query()`
 * gives it; unstorable text or a wrong shape → 422 with field errors.
 */
export function queryParams<S extends z.ZodType>(schema: S) {
  return createMiddleware<Env, string, Validated<'query', S>>(async (c, next) =>
    validator('query', schema, c.req.query(), QUERY_MESSAGE)(c, next),
  )
}

/**
 * zValidator for one request, run over the value we read ourselves (its `validationFunction`) rather than
 * the one Hono's validator reads: for 'json' Hono parses the body only when the media type matches its
 * pattern (`application/…json`) and validates `{}` otherwise, where we take any Content-Type naming
 * application/json (`application/jsonp` too); for 'query' it turns a repeated name into an array, where our
 * schemas see its first value. (Hono still parses a JSON body once more, from its cache; that goes unused.)
 * Unstorable text is refused before the schema, on the raw value with the keys the schema would drop, so that
 * part cannot be left to zValidator. Its hook throws a failed parse as our 422, which onError renders.
 */
function validator(
  target: 'json' | 'query',
  schema: z.ZodType,
  value: unknown,
  message: string,
  reword: Reword = (refusal) => refusal,
): MiddlewareHandler {
  const unstorable = unstorableTextRefusal(value, message)
  if (unstorable) throw reword(unstorable)
  return zValidator(
    target,
    schema,
    (result) => {
      if (!result.success) throw reword(validationError(result.error, message), result.error)
    },
    { validationFunction: (s) => s.safeParseAsync(value) },
  )
}

/**
 * The body parsed as JSON, answering before zValidator does: Hono's validator would answer malformed JSON
 * with its own 400 ('Malformed JSON in request body') and take a body of another Content-Type as `{}`.
 */
async function readJsonBody(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? ''
  if (!type.toLowerCase().includes('application/json')) {
    throw new AppError(
      'unsupported_media_type',
      'Send the request body as JSON (Content-Type: application/json).',
    )
  }
  try {
    return await c.req.json()
  } catch {
    throw new AppError('invalid_json', 'The request body is not valid JSON.')
  }
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
function unstorableTextRefusal(value: unknown, message: string): AppError | undefined {
  type Entry = { value: unknown; key?: string; parent?: Entry }
  const fieldOf = (entry: Entry) => {
    const path: string[] = []
    for (let e: Entry | undefined = entry; e?.key !== undefined; e = e.parent) path.unshift(e.key)
    return path.length > 0 ? path.join('.') : '_'
  }
  const refusal = (entry: Entry) =>
    new AppError('validation_failed', message, { [fieldOf(entry)]: [UNSTORABLE_TEXT_MESSAGE] })
  const stack: Entry[] = [{ value }]
  while (stack.length > 0) {
    const entry = stack.pop() as Entry
    if (typeof entry.value === 'string') {
      if (UNSTORABLE.test(entry.value)) return refusal(entry)
    } else if (entry.value && typeof entry.value === 'object') {
      for (const [key, item] of Object.entries(entry.value)) {
        const child = { value: item, key, parent: entry }
        if (UNSTORABLE.test(key)) return refusal(child)
        stack.push(child)
      }
    }
  }
  return undefined
}

/**
 * A path parameter read as middleware, ahead of jsonBody: `pathParam((c) => readIdParam(c, …))`, then
 * `c.var.param` in the handler. A handler that read its id before its body answered 404 for an unknown id
 * whatever the body held; with the body read by middleware, the id has to be read by middleware before it.
 */
export function pathParam(read: (c: Context) => string) {
  return createMiddleware<{ Variables: { param: string } }>(async (c, next) => {
    c.set('param', read(c))
    await next()
  })
}

/**
 * An upload's form: a body that is not multipart/form-data → 415 naming the fields to send, an unreadable
 * one → 400. (The media and artwork uploads read their parts themselves, after their own body limit.)
 */
export async function readMultipartForm(c: Context, fields: string): Promise<FormData> {
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data'))
    throw new AppError('unsupported_media_type', `Send the file as multipart/form-data (fields ${fields}).`)
  try {
    return await c.req.formData()
  } catch {
    throw new AppError('bad_request', 'The upload could not be read. Please try again.')
  }
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

import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AppError } from '../lib/errors.ts'
import { jsonBody, pathParam, queryParams, readIdParam, UNSTORABLE_TEXT_MESSAGE } from './validate.ts'

const bodySchema = z.object({ name: z.string().min(1, 'Enter a name.'), count: z.number().optional() })
const querySchema = z.object({ month: z.string().regex(/^\d{4}-\d{2}$/, 'Use YYYY-MM.') })

/** The validators in a small app that renders errors as app.ts does (AppError as is, HTTPException as 400). */
function testApp() {
  const app = new Hono()
  app.post('/items', jsonBody(bodySchema), (c) => c.json(c.req.valid('json')))
  app.get('/items', queryParams(querySchema), (c) => c.json(c.req.valid('query')))
  app.put(
    '/items/:id',
    pathParam((c) => readIdParam(c, 'Item not found.')),
    jsonBody(bodySchema),
    (c) => c.json({ id: c.var.param, ...c.req.valid('json') }),
  )
  let year = 2026
  app.post(
    '/years',
    jsonBody(() => z.object({ year: z.literal(year++) })),
    (c) => c.json(c.req.valid('json')),
  )
  app.post(
    '/reworded',
    jsonBody(
      bodySchema,
      (refusal, error) => new AppError('validation_failed', error ? 'schema' : 'text', refusal.fields),
    ),
    (c) => c.json(c.req.valid('json')),
  )
  app.onError((error, c) => {
    if (error instanceof AppError) return c.json(error.toJSON(), error.status)
    if (error instanceof HTTPException)
      return c.json({ error: { code: 'bad_request', message: error.message } }, 400)
    throw error
  })
  return app
}

const app = testApp()
/** Sends the body as bytes, so that no Content-Type is added when `type` is null. */
const send = (path: string, body: string, type: string | null = 'application/json', method = 'POST') =>
  app.request(path, {
    method,
    body: new TextEncoder().encode(body),
    headers: type === null ? {} : { 'content-type': type },
  })

describe('jsonBody', () => {
  it('hands the handler the parsed body', async () => {
    const response = await send('/items', '{"name":"A","count":2,"extra":true}')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ name: 'A', count: 2 })
  })

  it('answers 415 without a JSON Content-Type and 400 invalid_json with our message for malformed JSON', async () => {
    for (const type of [null, 'text/plain', 'multipart/form-data; boundary=x']) {
      const response = await send('/items', '{"name":"A"}', type)
      expect(response.status).toBe(415)
      expect((await response.json()).error.code).toBe('unsupported_media_type')
    }
    const malformed = await send('/items', '{"name":')
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toEqual({
      error: { code: 'invalid_json', message: 'The request body is not valid JSON.' },
    })
  })

  it('reads the body for any Content-Type naming application/json, where Hono would validate {}', async () => {
    const response = await send('/items', '{"name":"A"}', 'application/jsonp')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ name: 'A' })
  })

  it('answers a wrong shape with 422 and the field errors', async () => {
    const response = await send('/items', '{"name":""}')
    expect(response.status).toBe(422)
    expect(await response.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Some fields are missing or invalid.',
        fields: { name: ['Enter a name.'] },
      },
    })
  })

  it('refuses unstorable text before the schema, in keys the schema would drop too', async () => {
    for (const [body, field] of [
      ['{"name":"A\\u0000"}', 'name'],
      ['{"name":"A","extra":{"deep":["\\ud800"]}}', 'extra.deep.0'],
      ['{"name":"A","x\\u0000":1}', 'x\u0000'],
    ] as const) {
      const response = await send('/items', body)
      expect(response.status).toBe(422)
      expect(await response.json()).toEqual({
        error: {
          code: 'validation_failed',
          message: 'Some fields are missing or invalid.',
          fields: { [field]: [UNSTORABLE_TEXT_MESSAGE] },
        },
      })
    }
  })

  it('builds a schema given as a function for each request', async () => {
    expect((await send('/years', '{"year":2026}')).status).toBe(200)
    expect((await send('/years', '{"year":2026}')).status).toBe(422)
  })

  it('rewords refusals: with the ZodError for a schema failure, without it for unstorable text', async () => {
    const schema = await (await send('/reworded', '{"name":""}')).json()
    expect(schema.error).toEqual({
      code: 'validation_failed',
      message: 'schema',
      fields: { name: ['Enter a name.'] },
    })
    const text = await (await send('/reworded', '{"name":"\\u0000"}')).json()
    expect(text.error).toEqual({
      code: 'validation_failed',
      message: 'text',
      fields: { name: [UNSTORABLE_TEXT_MESSAGE] },
    })
  })
})

describe('queryParams', () => {
  it('validates the first value of each name', async () => {
    const response = await app.request('/items?month=2026-01&month=garbage')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ month: '2026-01' })
  })

  it('answers 422 with its own message for a wrong shape or unstorable text', async () => {
    for (const [query, fields] of [
      ['month=2026', { month: ['Use YYYY-MM.'] }],
      ['month=2026-01&x=%00', { x: [UNSTORABLE_TEXT_MESSAGE] }],
    ] as const) {
      const response = await app.request(`/items?${query}`)
      expect(response.status).toBe(422)
      expect(await response.json()).toEqual({
        error: {
          code: 'validation_failed',
          message: 'Some query parameters are missing or invalid.',
          fields,
        },
      })
    }
  })
})

describe('pathParam', () => {
  it('answers an unknown id before the body is read, and hands the handler the id', async () => {
    const unknown = await send('/items/nope', '{"name":', 'application/json', 'PUT')
    expect(unknown.status).toBe(404)
    const id = 'AAAAAAAA-0000-4000-8000-000000000000'
    const found = await send(`/items/${id}`, '{"name":"A"}', 'application/json', 'PUT')
    expect(await found.json()).toEqual({ id: id.toLowerCase(), name: 'A' })
  })
})

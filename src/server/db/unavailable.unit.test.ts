import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from './unavailable.ts'

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code })
// drizzle's DrizzleQueryError keeps the driver's error as its cause.
const wrapped = (cause: unknown) => new Error('Failed query: select 1', { cause })

describe('isDatabaseUnavailable', () => {
  it('recognises lost, refused and timed-out connections, wrapped or not', () => {
    for (const error of [
      withCode('ECONNREFUSED'),
      withCode('ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated due to connection timeout'),
      new Error('Client has encountered a connection error and is not queryable'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006', 'connection failure'),
      new AggregateError([withCode('ECONNREFUSED')], 'connect failed'),
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(true)
      expect(isDatabaseUnavailable(wrapped(error))).toBe(true)
    }
  })

  it('recognises a closed PGlite (its own message; the integration test meets the real one)', () => {
    expect(isDatabaseUnavailable(wrapped(new Error('PGlite is closed')))).toBe(true)
  })

  it('leaves the caller’s and the program’s own errors alone', () => {
    for (const error of [
      withCode('23505', 'duplicate key value violates unique constraint'),
      withCode('22P02', 'invalid input syntax for type uuid'),
      withCode('40P01', 'deadlock detected'),
      new Error('Something else'),
      undefined,
      'ECONNREFUSED',
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false)
    }
  })
})

import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AppError, validationError } from './errors.ts'

describe('AppError', () => {
  it('maps each code to its status and serialises to the API shape', () => {
    const error = new AppError('not_found', 'Day not found.')
    expect(error.status).toBe(404)
    expect(error.toJSON()).toEqual({ error: { code: 'not_found', message: 'Day not found.' } })
  })

  it('collects zod issues per field', () => {
    const result = z
      .object({ email: z.email(), units: z.number().min(1) })
      .safeParse({ email: 'x', units: 0 })
    if (result.success) throw new Error('expected a failure')
    const error = validationError(result.error)
    expect(error.status).toBe(422)
    expect(Object.keys(error.fields ?? {})).toEqual(['email', 'units'])
  })
})

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { regexes } from 'zod/v4/core'
import { EMAIL_MAX_LENGTH, emailAddressSchema, isEmailAddress } from './email.ts'
import { EMAIL_PATTERN } from './email-address.ts'

it("the browser's pattern decides like zod's z.email() pattern", () => {
  const chars = fc.constantFrom(..."ab.Z9_-+'@ ,\n".split(''))
  const part = (maxLength: number) => fc.string({ unit: chars, maxLength })
  const shaped = fc
    .tuple(part(8), part(8), part(4))
    .map(([local, domain, tld]) => `${local}@${domain}.${tld}`)
  const candidates = fc.oneof(fc.emailAddress(), fc.string(), shaped)
  fc.assert(
    fc.property(candidates, (value) => EMAIL_PATTERN.test(value) === regexes.email.test(value)),
    { numRuns: 5000 },
  )
})

const MESSAGE = 'Please enter a valid email address.'
const schema = emailAddressSchema(MESSAGE)

describe('one e-mail address', () => {
  it('accepts one address, trimmed', () => {
    expect(schema.parse('  owner@corner-bakery.example ')).toBe('owner@corner-bakery.example')
    expect(isEmailAddress('first.last+flyer@mail.town.example')).toBe(true)
  })

  it('refuses lists, header injection, spaces, and malformed or over-long addresses with one message', () => {
    const tooLong = `${'a'.repeat(EMAIL_MAX_LENGTH - 'b.example'.length)}@b.example`
    expect(tooLong).toHaveLength(EMAIL_MAX_LENGTH + 1)
    for (const value of [
      'a@b.co, c@d.co',
      'a@b.co,c@d.co',
      'a@b.co\r\nBcc: x@evil.example',
      'a@b.co\nx',
      'a b@c.co',
      'a@b',
      '@b.co',
      'no-at',
      '',
      tooLong,
    ]) {
      expect(isEmailAddress(value.trim())).toBe(false)
      const result = schema.safeParse(value)
      expect(result.success).toBe(false)
      expect(result.error?.issues[0]?.message).toBe(MESSAGE)
    }
    expect(schema.safeParse(42).error?.issues[0]?.message).toBe(MESSAGE)
    expect(isEmailAddress(tooLong.slice(1))).toBe(true)
  })
})

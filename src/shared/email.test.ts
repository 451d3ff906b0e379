import { describe, expect, it } from 'vitest'
import { EMAIL_MAX_LENGTH, emailAddressSchema, isEmailAddress } from './email.ts'

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

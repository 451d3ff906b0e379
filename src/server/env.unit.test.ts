import { describe, expect, it } from 'vitest'
import { EnvError, loadConfig } from './env.ts'

describe('loadConfig', () => {
  it('has sensible defaults for a fresh machine', () => {
    const config = loadConfig({})
    expect(config.port).toBe(3000)
    expect(config.dataDir).toMatch(/data$/)
    expect(config.databaseUrl).toBeUndefined()
    expect(config.admin).toBeUndefined()
    expect(config.site.productName).toBe('Townflyer')
    expect(config.payments.holdLimits).toEqual({ openCheckouts: 2, heldDays: 12 })
  })

  it('reads the checkout hold limits; 0 turns one off, a negative one is refused', () => {
    const config = loadConfig({ CHECKOUT_MAX_OPEN_PER_CLIENT: '0', CHECKOUT_MAX_HELD_DAYS_PER_CLIENT: '30' })
    expect(config.payments.holdLimits).toEqual({ openCheckouts: 0, heldDays: 30 })
    expect(() => loadConfig({ CHECKOUT_MAX_OPEN_PER_CLIENT: '-1' })).toThrow(/CHECKOUT_MAX_OPEN_PER_CLIENT/)
  })

  it('reads the site config from the environment', () => {
    const config = loadConfig({
      SITE_TOWN: 'Maple Falls',
      SITE_CONTACT_EMAIL: 'ads@maple.example',
      PORT: '8080',
    })
    expect(config.site.town).toBe('Maple Falls')
    expect(config.site.contactEmail).toBe('ads@maple.example')
    expect(config.port).toBe(8080)
  })

  it('derives the public origin once: PUBLIC_URL without its trailing slash, else the local port', () => {
    expect(loadConfig({ PORT: '8080' }).publicOrigin).toBe('http://localhost:8080')
    const behindProxy = loadConfig({ PORT: '8080', PUBLIC_URL: 'https://flyer.example/' })
    expect(behindProxy.publicUrl).toBe('https://flyer.example')
    expect(behindProxy.publicOrigin).toBe('https://flyer.example')
  })

  it('lists every bad variable at once', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        ADMIN_EMAIL: 'boss@example.com',
        ADMIN_PASSWORD: 'short',
        SITE_CONTACT_EMAIL: 'nope',
      })
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError)
      const problems = (error as EnvError).problems.join('\n')
      for (const name of ['PORT', 'DATABASE_URL', 'ADMIN_PASSWORD', 'SITE_CONTACT_EMAIL'])
        expect(problems).toContain(name)
      expect(problems).toContain('at least 12 characters')
    }
  })

  it('lists pairing problems together with single-variable problems', () => {
    try {
      loadConfig({ PORT: 'eighty', STRIPE_SECRET_KEY: 'sk_test_x', S3_ACCESS_KEY_ID: 'key' })
      expect.unreachable()
    } catch (error) {
      const problems = (error as EnvError).problems
      expect(problems.some((p) => p.startsWith('PORT:'))).toBe(true)
      expect(problems.some((p) => p.startsWith('STRIPE_WEBHOOK_SECRET: required'))).toBe(true)
      expect(problems.some((p) => p.startsWith('S3_SECRET_ACCESS_KEY:'))).toBe(true)
    }
  })

  it('wants ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'boss@example.com' })).toThrow(/ADMIN_PASSWORD/)
  })
})

import { describe, expect, it } from 'vitest'
import { loadConfig, STRIPE_MIN_HOLD_MINUTES } from '#server/env.ts'
import { checkoutWindow, isHoldLive } from './hold-policy.ts'

describe('checkout hold arithmetic', () => {
  it('the session ends after the hold minutes plus a minute of headroom, the hold a grace minute later', () => {
    const now = new Date('2025-09-01T10:00:00.250Z')
    const { sessionExpiresAt, holdExpiresAt } = checkoutWindow(now, 30)
    expect(sessionExpiresAt.toISOString()).toBe('2025-09-01T10:31:01.000Z')
    expect(holdExpiresAt.toISOString()).toBe('2025-09-01T10:32:01.000Z')
  })

  it('a hold is live until its expiry; one without expiry awaits a payment', () => {
    const end = new Date('2025-09-01T10:30:00Z')
    expect(isHoldLive(end, new Date('2025-09-01T10:29:59Z'))).toBe(true)
    expect(isHoldLive(end, end)).toBe(false)
    expect(isHoldLive(null, end)).toBe(true)
  })

  it('PAYMENT_HOLD_MINUTES defaults to 30 and is never below 30 with Stripe', () => {
    expect(loadConfig({}).payments.holdMinutes).toBe(30)
    expect(loadConfig({ PAYMENT_HOLD_MINUTES: '5' }).payments.holdMinutes).toBe(5)
    const stripe = { STRIPE_SECRET_KEY: 'sk_test', STRIPE_WEBHOOK_SECRET: 'whsec_x' }
    expect(loadConfig({ ...stripe, PAYMENT_HOLD_MINUTES: '5' }).payments.holdMinutes).toBe(
      STRIPE_MIN_HOLD_MINUTES,
    )
    expect(loadConfig({ ...stripe, PAYMENT_HOLD_MINUTES: '45' }).payments.holdMinutes).toBe(45)
  })

  it('STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY; mail defaults come from the site', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test' })).toThrow(/STRIPE_WEBHOOK_SECRET/)
    expect(() => loadConfig({ SMTP_URL: 'http://x' })).toThrow(/SMTP_URL/)
    const config = loadConfig({ SITE_CONTACT_EMAIL: 'ads@maple.example', SITE_PRODUCT_NAME: 'Mapleflyer' })
    expect(config.mail).toEqual({
      smtpUrl: undefined,
      from: 'Mapleflyer <ads@maple.example>',
      adminNotifyEmail: 'ads@maple.example',
      outboxIntervalMs: 2000,
    })
    expect(loadConfig({ OUTBOX_INTERVAL_MS: '250' }).mail.outboxIntervalMs).toBe(250)
    expect(() => loadConfig({ OUTBOX_INTERVAL_MS: '0' })).toThrow(/OUTBOX_INTERVAL_MS/)
  })
})

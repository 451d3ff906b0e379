/**
 * How long a checkout holds its days and icon: as long as the payment session. Pure arithmetic,
 * unit-tested in hold-policy.unit.test.ts.
 *
 * The provider is told to stop taking the payment at sessionExpiresAt; the hold ends a grace minute later,
 * so a buyer who pays in the session's last second still finds their hold. A payment that arrives after
 * the hold anyway (a late webhook) goes through the late-payment rule (payment-confirmation.service.ts applyPayment).
 */
const MINUTE_MS = 60_000

/** Stripe measures "at least 30 minutes from now" when the request reaches it: one minute of headroom. */
const SESSION_HEADROOM_MS = MINUTE_MS
const HOLD_GRACE_MS = MINUTE_MS

type CheckoutWindow = { sessionExpiresAt: Date; holdExpiresAt: Date }

export function checkoutWindow(now: Date, holdMinutes: number): CheckoutWindow {
  // Whole seconds: Stripe's expires_at is a Unix timestamp.
  const sessionMs = Math.ceil((now.getTime() + holdMinutes * MINUTE_MS + SESSION_HEADROOM_MS) / 1000) * 1000
  return { sessionExpiresAt: new Date(sessionMs), holdExpiresAt: new Date(sessionMs + HOLD_GRACE_MS) }
}

/** A pending order's hold is live until its expiry; one without expiry waits for an async payment. */
export function isHoldLive(expiresAt: Date | null, now: Date): boolean {
  return expiresAt === null || expiresAt.getTime() > now.getTime()
}

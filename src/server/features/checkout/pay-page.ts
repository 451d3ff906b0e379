import { html } from 'hono/html'
import type { HtmlEscapedString } from 'hono/utils/html'
import { deadlineText } from '#server/lib/deadline-text.ts'
import { formatDayDate, formatPrice } from '#shared/format.ts'
import { mailingMonthLabel } from '#shared/mailing-names.ts'
import { REFUND_POLICY_LINK_TEXT, REFUND_POLICY_PATH } from '#shared/refund-policy.ts'
import type { SessionOrder } from './session-order-list.service.ts'

/**
 * The local test checkout's pages (server-rendered, no scripts: the CSP forbids inline ones and none are
 * needed; two plain forms post Pay and Cancel).
 */
const styles = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f5f5f4; color: #1c1917; }
  main { max-width: 36rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 0.75rem; box-shadow: 0 1px 4px rgb(0 0 0 / 0.12); }
  .banner { background: #fef08a; color: #422006; border: 3px solid #a16207; padding: 1rem; font-size: 1.1rem; }
  .banner strong { display: block; font-size: 1.6rem; letter-spacing: 0.08em; }
  table { width: 100%; border-collapse: collapse; margin: 1rem 0; }
  th, td { text-align: left; padding: 0.5rem 0.25rem; border-bottom: 1px solid #d6d3d1; }
  td.amount, th.amount { text-align: right; }
  .actions { display: flex; gap: 1rem; margin-top: 1.5rem; }
  button { font-size: 1.1rem; padding: 0.75rem 1.5rem; border-radius: 0.5rem; border: 2px solid #1c1917; cursor: pointer; }
  button.pay { background: #166534; color: #fff; border-color: #166534; }
  button.cancel { background: #fff; color: #1c1917; }
  button:focus-visible, a:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
  a { color: #1d4ed8; }
  .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`

function layout(title: string, productName: string, body: HtmlEscapedString | Promise<HtmlEscapedString>) {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${title} – ${productName}</title>
    <style>${styles}</style>
  </head>
  <body>
    <div class="banner" role="note" aria-label="Test mode">
      <strong>TEST MODE</strong>
      This is ${productName}'s built-in test checkout. No card is charged and no payment details are
      asked for: Pay confirms the order as if the payment had succeeded.
    </div>
    <main>${body}</main>
  </body>
</html>`
}

function describeSessionOrder(order: SessionOrder): string {
  if (order.type === 'calendar_day' && order.date) return `Calendar day: ${formatDayDate(order.date)}`
  if (order.type === 'map_icon') {
    const mailing = order.mailingMonth ? `, for the ${mailingMonthLabel(order.mailingMonth)} mailing` : ''
    return `Map icon: ${order.iconName ?? 'Map icon'}${mailing}`
  }
  const units = order.units ? ` (${order.units} unit${order.units === 1 ? '' : 's'})` : ''
  return `${order.description ?? 'Special Purchase'}${units}`
}

/**
 * How long the hold lasts, in words: a clock time in GMT means little to a buyer. `holdMinutes` is the
 * server's hold setting (config.payments.holdMinutes, the checkout's payment window; the orders keep a
 * little headroom beyond it), so the promise never exceeds the real hold. Lines held longer than a checkout
 * holds (a returning advertiser's offer, held for days) are promised until their real end, on the town's
 * clock; lines with no end (an owner's order awaiting payment) get no promise of time. A lone map icon names
 * its mailing: the same icon is sold once per mailing.
 */
function describeHold(items: SessionOrder[], hold: PayPageHold): string {
  const [only] = items
  const isDaysOnly = items.length > 0 && items.every((o) => o.type === 'calendar_day')
  const lonelyIconMailing =
    items.length === 1 && only?.type === 'map_icon' && only.mailingMonth
      ? ` for the ${mailingMonthLabel(only.mailingMonth)} mailing`
      : ''
  const what = lonelyIconMailing
    ? `this map icon${lonelyIconMailing}`
    : !isDaysOnly
      ? 'your order'
      : items.length === 1
        ? 'this day'
        : 'these days'
  const ends = items.map((o) => o.expiresAt?.getTime() ?? null)
  if (ends.length === 0 || ends.every((end) => end === null)) return ''
  const earliest = Math.min(...ends.filter((end): end is number => end !== null))
  const checkoutHoldEnd = hold.now.getTime() + 2 * hold.minutes * 60_000
  if (earliest > checkoutHoldEnd)
    return `We hold ${what} for you until ${deadlineText(new Date(earliest), hold.timeZone)}.`
  return `We hold ${what} for you for ${hold.minutes} minute${hold.minutes === 1 ? '' : 's'}.`
}

/** What the pay page needs to word a hold: the checkout's window, the town's zone, and the time now. */
export type PayPageHold = { minutes: number; timeZone: string; now: Date }

export function renderOpenSession(
  sessionId: string,
  items: SessionOrder[],
  productName: string,
  hold: PayPageHold,
) {
  const holdText = describeHold(items, hold)
  const totalCents = items.reduce((sum, o) => sum + o.amountCents, 0)
  const action = `/pay/${encodeURIComponent(sessionId)}`
  return layout(
    'Test checkout',
    productName,
    html`<h1>Complete your payment</h1>
      <p>Booking for <strong>${items[0]?.businessName ?? ''}</strong></p>
      <table>
        <caption class="sr-only">Items in this checkout</caption>
        <thead><tr><th scope="col">Item</th><th scope="col" class="amount">Amount</th></tr></thead>
        <tbody>
          ${items.map((o) => html`<tr><td>${describeSessionOrder(o)}</td><td class="amount">${formatPrice(o.amountCents / 100)}</td></tr>`)}
        </tbody>
        <tfoot><tr><th scope="row">Total</th><td class="amount"><strong>${formatPrice(totalCents / 100)}</strong></td></tr></tfoot>
      </table>
      ${holdText ? html`<p>${holdText}</p>` : ''}
      <p><a href="${REFUND_POLICY_PATH}">${REFUND_POLICY_LINK_TEXT}</a></p>
      <div class="actions">
        <form method="post" action="${action}/complete"><button type="submit" class="pay">Pay</button></form>
        <form method="post" action="${action}/cancel"><button type="submit" class="cancel">Cancel</button></form>
      </div>`,
  )
}

export function renderPaidSession(sessionId: string, productName: string) {
  return layout(
    'Payment complete',
    productName,
    html`<h1>This checkout is already paid</h1>
      <p><a href="/thank-you?session_id=${encodeURIComponent(sessionId)}">View your order</a></p>`,
  )
}

export function renderClosedSession(productName: string) {
  return layout(
    'Checkout ended',
    productName,
    html`<h1>This checkout has ended</h1>
      <p>The hold on these items was released and nothing was charged.</p>
      <p><a href="/cart-checkout">Return to your cart</a></p>`,
  )
}

export function renderUnknownSession(productName: string) {
  return layout(
    'Checkout not found',
    productName,
    html`<h1>Checkout not found</h1>
      <p>There is no test checkout with this address.</p>
      <p><a href="/cart-checkout">Return to your cart</a></p>`,
  )
}

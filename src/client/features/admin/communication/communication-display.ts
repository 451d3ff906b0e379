import type { EmailState, InboxKind } from '#shared/admin-communication.ts'

export const EMAIL_STATE_LABELS: Record<EmailState, string> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
}

export const EMAIL_STATE_VARIANT: Record<EmailState, 'warning' | 'success' | 'destructive'> = {
  queued: 'warning',
  sent: 'success',
  failed: 'destructive',
}

export const INBOX_KIND_LABELS: Record<InboxKind, string> = {
  contact: 'Contact inquiry',
  waitlist: 'Waitlist sign-up',
}

export const INBOX_KIND_FILTER_LABELS: Record<InboxKind, string> = {
  contact: 'Contact inquiries',
  waitlist: 'Waitlist sign-ups',
}

/** The admin orders list, showing one checkout (the Orders section reads ?checkout=). */
export function orderLink(checkoutKey: string): string {
  return `/admin/orders?checkout=${encodeURIComponent(checkoutKey)}`
}

const timestamp = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

/** An instant (ISO) in the browser's own time. */
export function formatWhen(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : timestamp.format(date)
}

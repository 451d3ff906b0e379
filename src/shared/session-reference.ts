/**
 * The order reference is the last underscore-separated segment of the session id. Its own
 * module (re-exported by checkout.ts), so the thank-you page does not download checkout.ts's zod schemas.
 */
export function sessionReference(sessionId: string): string {
  const parts = sessionId.split('_')
  return parts[parts.length - 1] ?? sessionId
}

/**
 * The origins a state-changing request may come from: the one it was addressed to (its Host), and the
 * configured PUBLIC_URL, which is what browsers send when a TLS-terminating proxy stands in front.
 */
export function allowedOrigins(request: Request, publicUrl: string | undefined): string[] {
  const own = new URL(request.url).origin
  return publicUrl ? [own, new URL(publicUrl).origin] : [own]
}

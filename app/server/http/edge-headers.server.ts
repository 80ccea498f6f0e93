/**
 * What every answer carries, whoever made it (a page, a redirect, a
 * public file Nitro serves before the server entry, a 404 or a 500 of Nitro's own), applied
 * by app/server/http/edge.nitro.ts as the answer leaves. The HTML-only headers (the
 * Content-Security-Policy, caching of pages) stay with the server entry.
 */
import { safeLocation } from '../../lib/safe-location'
import { securityHeaders, strictTransportSecurity } from './security-headers.server'
import { clientOfRequest, socketIpOf } from './visitor.server'

export { strictTransportSecurity }

/**
 * Whether the visitor's connection is HTTPS: the URL's protocol when the socket is TLS
 * (NITRO_SSL_CERT) or the platform terminates TLS itself, else `X-Forwarded-Proto` only
 * from a proxy TRUST_PROXY names (visitor.server.ts), so a visitor cannot claim HTTPS
 * with a header.
 */
function overHttps(request: Request): boolean {
  return clientOfRequest(request, socketIpOf(request)).protocol === 'https'
}

/** Marks an editor's off-site redirect for applyEdgeHeaders; removed there, never sent. */
export const EDITOR_OFFSITE_REDIRECT = 'x-kestrel-editor-offsite-redirect'

/** Adds the edge's headers to an answer's (mutable) headers; what the answer set itself is kept. */
export function applyEdgeHeaders(headers: Headers, request: Request, url: URL, status: number): void {
  for (const [name, value] of Object.entries(securityHeaders)) {
    if (!headers.has(name)) headers.set(name, value)
  }
  // Browsers ignore it over HTTP (RFC 6797 §8.1); sent only where it means something.
  if (overHttps(request)) headers.set('strict-transport-security', strictTransportSecurity)
  const location = headers.get('location')
  // The one exception to a same-origin Location: an off-site target the editor wrote as an
  // absolute URL (redirects.server.ts, docs/decisions/025), already parsed and written again.
  const editorOffSite = headers.get(EDITOR_OFFSITE_REDIRECT) === '1' && location !== null && /^https?:\/\//.test(location)
  headers.delete(EDITOR_OFFSITE_REDIRECT)
  if (location !== null && !editorOffSite) headers.set('location', safeLocation(location, url.origin))
  // A missing hashed asset is not forever: Nitro's `immutable` rule for /assets/** must not stick to its 404.
  if (status >= 400 && headers.get('cache-control')?.includes('immutable')) headers.set('cache-control', 'no-store')
}

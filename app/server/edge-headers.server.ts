/**
 * What every answer carries, whoever made it (a page, a redirect, a
 * public file Nitro serves before the server entry, a 404 or a 500 of Nitro's own), applied
 * by app/server/edge.nitro.ts as the answer leaves. The HTML-only headers (the
 * Content-Security-Policy, caching of pages) stay with the server entry.
 */
import { siteConfig } from '../../app.config'
import { safeLocation } from '../lib/safe-location'
import { securityHeaders } from './security-headers.server'

export const strictTransportSecurity = `max-age=${siteConfig.edge.hstsMaxAgeSeconds}; includeSubDomains`

/**
 * Whether the visitor's connection is HTTPS. The URL's protocol is `https:` when the
 * socket is TLS (NITRO_SSL_CERT) or on a platform that terminates TLS itself (Netlify,
 * Vercel); srvx reads `X-Forwarded-Proto` only from a proxy it trusts, so a visitor
 * cannot claim HTTPS with a header. The trust-proxy rule (TRUST_PROXY) decides here
 * too once it names a proxy: this is the one place that asks.
 */
export function overHttps(url: URL): boolean {
  return url.protocol === 'https:'
}

/** Adds the edge's headers to an answer's (mutable) headers; what the answer set itself is kept. */
export function applyEdgeHeaders(headers: Headers, url: URL, status: number): void {
  for (const [name, value] of Object.entries(securityHeaders)) {
    if (!headers.has(name)) headers.set(name, value)
  }
  // Browsers ignore it over HTTP (RFC 6797 §8.1); sent only where it means something.
  if (overHttps(url)) headers.set('strict-transport-security', strictTransportSecurity)
  const location = headers.get('location')
  if (location !== null) headers.set('location', safeLocation(location, url.origin))
  // A missing hashed asset is not forever: Nitro's `immutable` rule for /assets/** must not stick to its 404.
  if (status >= 400 && headers.get('cache-control')?.includes('immutable')) headers.set('cache-control', 'no-store')
}

/**
 * What every answer leaves with: the security headers, HTML's caching and policy, on
 * Netlify and Vercel the CDN's headers, and HTML compressed when it was rendered for one
 * request (a cached page carries its compressed copies already).
 */
import { FastResponse } from 'srvx'
import { addCdnHeaders } from '../platform/cdn.server'
import { deployPlatform as platform } from '../platform/platform-env.server'
import { cacheControlFor, unavailableHeaders, withSharedLifetime } from './cache-control.server'
import { compressAs, negotiateEncoding } from './compression.server'
import { applyEdgeHeaders } from './edge-headers.server'
import { CACHE_TAGS_HEADER, isHtml, SHARED_LIFETIME_HEADER, withHeaders } from './responses.server'
import { contentSecurityPolicy, securityHeaders, strictTransportSecurity } from './security-headers.server'

/** Any other response: compressed when it is HTML and the browser accepts it (in that one encoding). */
export async function compressed(request: Request, response: Response): Promise<Response> {
  if (!isHtml(response.headers) || response.headers.has('content-encoding')) return response
  const encoding = negotiateEncoding(request.headers.get('accept-encoding'))
  if (encoding === 'identity') return response
  const body = await compressAs(new Uint8Array(await response.arrayBuffer()), encoding)
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  headers.set('content-encoding', encoding)
  headers.set('vary', 'Accept-Encoding')
  return new FastResponse(request.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), { status: response.status, headers })
}

/** The headers every response gets: security headers, and for HTML its caching and policy. */
function finalHeaders(url: URL, status: number) {
  return (headers: Headers) => {
    for (const [name, value] of Object.entries(securityHeaders)) {
      if (!headers.has(name)) headers.set(name, value)
    }
    headers.delete(CACHE_TAGS_HEADER)
    // A copy from the page cache: a CDN keeps it no longer than it stays fresh there (decision 034).
    const lifetime = headers.get(SHARED_LIFETIME_HEADER)
    headers.delete(SHARED_LIFETIME_HEADER)
    const shared = (policy: string) => (lifetime === null ? policy : withSharedLifetime(policy, Number(lifetime)))
    if (!isHtml(headers)) {
      const policy = headers.get('Cache-Control')
      if (policy !== null) headers.set('Cache-Control', shared(policy))
      return
    }
    headers.set('Cache-Control', shared(cacheControlFor(url, status)))
    if (status === 503) for (const [name, value] of Object.entries(unavailableHeaders)) headers.set(name, value)
    // Every HTML answer of the built site has its policy by now (a nonce or its scripts'
    // hashes); one that somehow has none runs no inline script at all.
    if (import.meta.env.PROD && !headers.has('Content-Security-Policy'))
      headers.set('Content-Security-Policy', contentSecurityPolicy({ hashes: [] }))
  }
}

/**
 * On Netlify and Vercel: the CDN's own caching header and cache tags. On Netlify, where
 * Nitro's runtime plugins do not run, also the edge's headers (edge.nitro.ts) on every answer
 * the function gives; its static files get them from the generated `_headers`.
 */
function platformHeaders(request: Request, url: URL, status: number) {
  return (headers: Headers) => {
    if (platform === 'netlify') {
      applyEdgeHeaders(headers, request, url, status)
      // Netlify answers over HTTPS only, like its static files' `_headers` say.
      headers.set('strict-transport-security', strictTransportSecurity)
    }
    if (platform) addCdnHeaders(platform, headers, url, status)
  }
}

/** The answer with every header it leaves with. */
export function withFinalHeaders(request: Request, url: URL, response: Response): Response {
  const final = finalHeaders(url, response.status)
  if (!platform) return withHeaders(response, final)
  const onPlatform = platformHeaders(request, url, response.status)
  return withHeaders(response, (headers) => {
    final(headers)
    onPlatform(headers)
  })
}

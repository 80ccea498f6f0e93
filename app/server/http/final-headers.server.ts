/**
 * What every answer leaves with: the security headers, HTML's caching and policy, on
 * Netlify and Vercel the CDN's headers, and HTML compressed when it was rendered for one
 * request (a cached page carries its compressed copies already).
 */
import { FastResponse } from 'srvx'
import { addCdnHeaders } from '../platform/cdn.server'
import { deployPlatform as platform } from '../platform/platform-env.server'
import { cacheControlFor, unavailableHeaders, withSharedLifetime } from './cache-control.server'
import { documentPartsOf } from './document-parts.server'
import { compressAs, negotiateEncoding, PER_REQUEST_GZIP_LEVEL, stitchedGzip } from './compression.server'
import { applyEdgeHeaders } from './edge-headers.server'
import { CACHE_TAGS_HEADER, isHtml, SHARED_LIFETIME_HEADER, withHeaders } from './responses.server'
import { contentSecurityPolicy, securityHeaders, strictTransportSecurity } from './security-headers.server'

/**
 * Text a browser downloads smaller when compressed: the data of a client navigation (a server
 * function's JSON), the sitemap, the feeds, robots.txt. A framed server-function answer is a
 * stream that may stay open (Start's raw streams), so it goes out as written, as do event streams.
 */
const COMPRESSIBLE =
  /^(text\/(plain|xml|css|csv|javascript)|application\/(json|xml|rss\+xml|atom\+xml|ld\+json|manifest\+json|javascript))\b/
/** Below this a compressed body saves less than its own framing and the CPU is wasted (Lighthouse ignores savings under 1.4 KB too). */
const COMPRESS_FROM_BYTES = 1024

function compressible(headers: Headers): boolean {
  if (isHtml(headers)) return true
  const type = headers.get('content-type')?.toLowerCase() ?? ''
  if (!COMPRESSIBLE.test(type)) return false
  const length = headers.get('content-length')
  return length === null || Number(length) >= COMPRESS_FROM_BYTES
}

/** `Vary: Accept-Encoding` added to what the answer varies on already (a server function's `Vary: Cookie` stays). */
function varyOnEncoding(headers: Headers) {
  const vary = headers.get('vary')
  if (!vary) headers.set('vary', 'Accept-Encoding')
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) headers.set('vary', `${vary}, Accept-Encoding`)
}

/**
 * An answer rendered for this one request, compressed in the one encoding the browser
 * prefers: HTML, and text that is worth it (COMPRESSIBLE). A stored page carries its
 * compressed copies already, and an answer with an encoding of its own is left alone.
 */
export async function compressed(request: Request, response: Response): Promise<Response> {
  if (response.headers.has('content-encoding') || !compressible(response.headers)) return response
  if (response.body === null && !isHtml(response.headers)) return response
  const encoding = negotiateEncoding(request.headers.get('accept-encoding'))
  if (encoding === 'identity') return response
  // A page rendered for this request comes with its parts: gzip deflates only its own (decision 052).
  const rendered = documentPartsOf(response)
  const bytes = rendered?.bytes ?? new Uint8Array(await response.arrayBuffer())
  const headers = new Headers(response.headers)
  const init = { status: response.status, statusText: response.statusText, headers }
  if (bytes.byteLength < COMPRESS_FROM_BYTES && !isHtml(headers)) return new FastResponse(request.method === 'HEAD' ? null : bytes, init)
  const body =
    rendered && encoding === 'gzip'
      ? stitchedGzip(rendered.parts, PER_REQUEST_GZIP_LEVEL)
      : await compressAs(bytes, encoding, { gzipLevel: PER_REQUEST_GZIP_LEVEL })
  headers.delete('content-length')
  headers.set('content-encoding', encoding)
  // A strong validator names exact bytes, so the compressed copy's can only be weak (RFC 9110 §8.8.3).
  const etag = headers.get('etag')
  if (etag && !etag.startsWith('W/')) headers.set('etag', `W/${etag}`)
  varyOnEncoding(headers)
  return new FastResponse(request.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), init)
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

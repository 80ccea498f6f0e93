/**
 * The checks a request passes before anything parses it or renders for it: a server
 * function's URL and media type, a search's rate limit, and the body's size.
 */
import { FastResponse } from 'srvx'
import { siteConfig } from '../../config/site'
import { stripLocale } from '../../lib/url'
import { m } from '../../paraglide/messages'
import { limitAddress } from './abuse.server'
import { jsonError } from './responses.server'
import { clientOfRequest } from './visitor.server'

/**
 * A server-function URL without a function id is a bad request, not a server error; server
 * functions take JSON or, for form submissions, multipart, and anything else is refused
 * before parsing.
 */
export function serverFunctionRefusal(request: Request, url: URL): Response | null {
  if (/^\/_serverFn\/?$/.test(url.pathname)) return jsonError(404, 'Not found')
  if (
    url.pathname.startsWith('/_serverFn/') &&
    request.method === 'POST' &&
    !/^(application\/json|multipart\/form-data)\b/i.test(request.headers.get('content-type') ?? '')
  ) {
    return jsonError(415, 'Unsupported media type')
  }
  return null
}

/**
 * A search (a page with `?s=`) costs a backend query and a render; over the
 * client's limit it is a 429 with Retry-After, before the cache or the renderer. Its
 * server-function form (a navigation in the browser) is limited in fetchPage.
 */
export async function searchLimited(request: Request, url: URL, socketIp: string | null): Promise<Response | null> {
  if ((request.method !== 'GET' && request.method !== 'HEAD') || !url.searchParams.get('s')?.trim()) return null
  if (url.pathname.startsWith('/_serverFn/')) return null
  const refusal = await limitAddress('search', clientOfRequest(request, socketIp).ip)
  if (!refusal) return null
  const { locale } = stripLocale(url.pathname)
  const text = m.form_error_too_many({}, { locale })
  return new FastResponse(`<!doctype html><html lang="${locale}"><meta charset="utf-8"><title>429</title><p>${text}</p></html>`, {
    status: 429,
    headers: { 'content-type': 'text/html; charset=utf-8', 'retry-after': String(refusal.retryAfterSeconds) },
  })
}

/**
 * Request bodies (form submissions with a file) are bounded before anything parses them:
 * a declared length over the limit is refused at once, and a body without one is read
 * up to the limit and no further.
 */
export async function boundedRequest(request: Request): Promise<Request | Response> {
  if (!request.body) return request
  const limit = siteConfig.forms.maxRequestBytes
  const declared = request.headers.get('content-length')
  if (declared !== null) return Number(declared) > limit ? jsonError(413, 'Request body too large') : request
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = request.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel()
      return jsonError(413, 'Request body too large')
    }
    chunks.push(value)
  }
  // Built from its parts: srvx's request is not the platform's, and `new Request(request, …)` throws on it.
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: new Blob(chunks as BlobPart[]),
    signal: request.signal,
  })
}

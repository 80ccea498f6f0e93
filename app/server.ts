/**
 * The server entry: every request passes here (pages, server functions, assets in
 * dev). It validates the environment at start-up, sets the request's locale for
 * Paraglide, answers 503 when the content backend is down, and adds the security and
 * caching headers.
 */
import { createStartHandler, defaultStreamHandler, defineHandlerCallback } from '@tanstack/react-start/server'
import { createServerEntry } from '@tanstack/react-start/server-entry'
import { defaultLocale, siteConfig } from '../app.config'
import { isContentUnavailable } from './lib/errors'
import { preloadAllBlocks } from './sections/render-sections'
import { cookieLocaleRedirect } from './lib/locale-redirect'
import { paraglideMiddleware } from './paraglide/server.js'
import { cacheControlFor } from './server/cache-control.server'
import './server/env.server'
import { contentSecurityPolicy, securityHeaders } from './server/security-headers.server'

/** DESIGN.md: a backend that is down is not a missing page. */
const renderWithStatus = defineHandlerCallback(async (ctx) => {
  const result = await defaultStreamHandler(ctx)
  const unavailable = ctx.router.state.matches.some((match) => match.status === 'error' && isContentUnavailable(match.error))
  if (!unavailable) return result
  const original = result instanceof Response ? result : result.response
  const headers = new Headers(original.headers)
  headers.set('Retry-After', String(siteConfig.cache.retryAfterSeconds))
  const response = new Response(original.body, { status: 503, headers })
  return result instanceof Response ? response : { ...result, response }
})

const startFetch = createStartHandler(renderWithStatus)

/** The section blocks' code, read once when the server starts handling requests. */
const blocksReady = preloadAllBlocks()

const jsonError = (status: number, error: string) =>
  new Response(JSON.stringify({ error }), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...securityHeaders },
  })

/**
 * Request bodies (form submissions with a file) are bounded before anything parses them:
 * a declared length over the limit is refused at once, and a body without one is read
 * up to the limit and no further.
 */
async function boundedRequest(request: Request): Promise<Request | Response> {
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
  return new Request(request, { body: new Blob(chunks as BlobPart[]) })
}

export default createServerEntry({
  async fetch(request) {
    const url = new URL(request.url)
    // SPEC §2: the default locale has no prefix; `/en/...` is the same page as `/...`.
    const defaultPrefix = `/${defaultLocale}`
    if (url.pathname === defaultPrefix || url.pathname.startsWith(`${defaultPrefix}/`)) {
      const target = url.pathname.slice(defaultPrefix.length) || '/'
      return new Response(null, { status: 301, headers: { Location: target + url.search } })
    }
    // A server-function URL without a function id is a bad request, not a server error.
    if (/^\/_serverFn\/?$/.test(url.pathname)) return jsonError(404, 'Not found')
    // Server functions take JSON or, for form submissions, multipart; anything else is refused before parsing.
    if (
      url.pathname.startsWith('/_serverFn/') &&
      request.method === 'POST' &&
      !/^(application\/json|multipart\/form-data)\b/i.test(request.headers.get('content-type') ?? '')
    ) {
      return jsonError(415, 'Unsupported media type')
    }
    const bounded = await boundedRequest(request)
    if (bounded instanceof Response) return bounded
    request = bounded
    const remembered = cookieLocaleRedirect({
      pathname: url.pathname,
      search: url.search,
      cookieHeader: request.headers.get('cookie') ?? '',
      isDocument: request.method === 'GET' && request.headers.get('sec-fetch-dest') === 'document',
    })
    if (remembered) {
      // Per visitor, so never stored by a shared cache; the page it points to is.
      return new Response(null, { status: 307, headers: { Location: remembered, 'Cache-Control': 'private, no-store', Vary: 'Cookie' } })
    }
    await blocksReady
    const original = await paraglideMiddleware(request, () => startFetch(request))
    // Some responses carry immutable headers; a copy shares the body stream.
    const response = new Response(original.body, original)
    const isHtml = response.headers.get('content-type')?.includes('text/html') ?? false
    for (const [name, value] of Object.entries(securityHeaders)) {
      if (!response.headers.has(name)) response.headers.set(name, value)
    }
    if (isHtml) {
      response.headers.set('Cache-Control', cacheControlFor(url, response.status))
      // Vite's dev server injects its own scripts; the policy applies to the built site.
      if (import.meta.env.PROD) response.headers.set('Content-Security-Policy', contentSecurityPolicy)
    }
    return response
  },
})

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
import { cookieLocaleRedirect } from './lib/locale-redirect'
import { paraglideMiddleware } from './paraglide/server.js'
import { cacheControlFor } from './server/cache-control'
import './server/env.server'
import { contentSecurityPolicy, securityHeaders } from './server/security-headers'

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
    if (/^\/_serverFn\/?$/.test(url.pathname)) {
      return new Response(JSON.stringify({ error: 'Not found' }), { status: 404, headers: { 'content-type': 'application/json', ...securityHeaders } })
    }
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

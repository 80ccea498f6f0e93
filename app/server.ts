/**
 * The server entry: every request passes here (pages, server functions, assets in
 * dev). It validates the environment at start-up, answers pages from the rendered-HTML
 * cache when it can (requirements §10.1) and renders them otherwise, sets the
 * request's locale for Paraglide, answers 503 when the content backend is down, and adds
 * the security and caching headers and the compression.
 */
import { createStartHandler, defaultStreamHandler, defineHandlerCallback } from '@tanstack/react-start/server'
import { createServerEntry } from '@tanstack/react-start/server-entry'
// srvx's Response on Node (the server Nitro runs): a body held in memory, such as a cached
// page, is written to the socket as it is, where the web Response copies it into a stream.
import { FastResponse } from 'srvx'
import { siteConfig } from '../app.config'
import { isContentUnavailable } from './lib/errors'
import { cookieLocaleRedirect } from './lib/locale-redirect'
import { loggableError, redactLogText } from './lib/log-redaction'
import { AsyncLocalStorage } from 'node:async_hooks'
import { overwriteServerAsyncLocalStorage, type Locale } from './paraglide/runtime'
import { preloadAllBlocks } from './sections/render-sections'
import { preloadPageIslands } from './components/page-islands'
import { cacheControlFor, unavailableHeaders } from './server/http/cache-control.server'
import { compressAs, compressHtml, etagOf, matchesIfNoneMatch, negotiateEncoding } from './server/http/compression.server'
import { env } from './server/env.server'
import { HtmlCache, type CacheEntry, type RenderOutcome, type StoredPage } from './server/page-cache/html-cache.server'
import { cacheablePageRequest, type CachePartition } from './server/page-cache/page-requests.server'
import { loadPrerendered, renderIdentity } from './server/page-cache/prerendered.server'
import { expandTag, purgesEverything } from './lib/cache-tags'
import { handleLogout } from './server/enquiries/logout.server'
import { handleRevalidate, onPurge, type PurgeRequest } from './server/page-cache/revalidation.server'
import { redirectFor, redirectResponse } from './server/http/redirects.server'
import {
  contentSecurityPolicy,
  inlineScriptHashes,
  newNonce,
  securityHeaders,
  strictTransportSecurity,
} from './server/http/security-headers.server'
import { startOutboxWorker } from './server/enquiries/submissions.server'
import { canonicalPathRedirect, methodAnswer, redirectTo } from './server/http/edge-requests.server'
import { limitAddress } from './server/http/abuse.server'
import { clientOfRequest, socketAddress, socketIpOf } from './server/http/visitor.server'
import { stripLocale } from './lib/url'
import { applyEdgeHeaders } from './server/http/edge-headers.server'
import { addCdnHeaders } from './server/platform/cdn.server'
import { isPlatform } from './server/platform/platform-env.server'
import { ogImageTargetOf, pagePathOfOgImage } from './lib/og-image'
import { answerOgImage, type OgImageAnswer } from './server/content/og-image/og-image.server'
import { m } from './paraglide/messages'
import { renderFailedPage } from './server/http/render-failed.server'

/** The response header that carries a rendered page's cache tags from the renderer to the cache. */
const CACHE_TAGS_HEADER = 'x-cache-tags'

function cacheTagsOf(loaderData: unknown): string[] {
  if (typeof loaderData !== 'object' || loaderData === null || !('cacheTags' in loaderData)) return []
  const tags: unknown = loaderData.cacheTags
  return Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : []
}

/** Requirements §10.3: a backend that is down is not a missing page. The page's cache tags travel with it. */
const renderWithStatus = defineHandlerCallback(async (ctx) => {
  let result: Awaited<ReturnType<typeof defaultStreamHandler>>
  try {
    result = await defaultStreamHandler(ctx)
  } catch (error) {
    // The page failed and so did its error screen (React renders no boundary on the server).
    console.error(`[render] ${new URL(ctx.request.url).pathname}: the error screen failed too: ${loggableError(error)}`)
    return renderFailedPage(requestLocale.getStore()?.locale ?? siteConfig.i18n.defaultLocale)
  }
  const original = result instanceof Response ? result : result.response
  const headers = new Headers(original.headers)
  const tags = new Set(ctx.router.state.matches.flatMap((match) => cacheTagsOf(match.loaderData)))
  if (tags.size > 0) headers.set(CACHE_TAGS_HEADER, [...tags].join(','))
  const unavailable = ctx.router.state.matches.some((match) => match.status === 'error' && isContentUnavailable(match.error))
  if (unavailable) headers.set('Retry-After', String(siteConfig.cache.retryAfterSeconds))
  const response = new Response(original.body, { status: unavailable ? 503 : original.status, headers })
  return result instanceof Response ? response : { ...result, response }
})

const startFetch = createStartHandler(renderWithStatus)

/**
 * The section blocks' code and the page islands', read once when the server starts
 * handling requests: an island whose code is not loaded would suspend, and its part would
 * reach the browser only as a streamed chunk a script moves into place (no part of the
 * server's HTML for a reader or crawler without JavaScript).
 */
const blocksReady = Promise.all([preloadAllBlocks(), preloadPageIslands()])

// Submissions that waited in the outbox (across a restart too) go out from this process.
startOutboxWorker()

const htmlCache = new HtmlCache<CachePartition>({
  partitions: siteConfig.cache.htmlPartitions,
  freshMs: siteConfig.cache.freshMs,
  keepMs: siteConfig.cache.keepMs,
  onBackgroundError: (key, error) => console.error(redactLogText(`[html-cache] refreshing ${key} failed: ${loggableError(error)}`)),
})

/**
 * A revalidation purges the pages whose tags it names (a post also purges every list of
 * posts), the paths it names in every query variant, and every cached 404 (the change
 * may have published one of them). Menus, options or `all` purge everything.
 * Prerendered pages are rendered again at once, in the background.
 */
function purgeHtml(request: PurgeRequest) {
  const everything = request.tags.some(purgesEverything)
  const tags = new Set(request.tags.flatMap(expandTag))
  const paths = new Set(request.paths)
  // A page's generated image goes with its page's path (docs/decisions/018).
  const pathOf = (key: string) => {
    const path = key.split('?')[0] ?? key
    return pagePathOfOgImage(path) ?? path
  }
  const purged = htmlCache.purge(
    (key, entry) => everything || entry.status === 404 || entry.tags.some((tag) => tags.has(tag)) || paths.has(pathOf(key)),
  )
  // Rendered again once every purge target has run: the data cache's purge comes after this
  // one, and a render started now could read the old content from it and keep it as fresh.
  setImmediate(() => {
    for (const { key, prerendered } of purged) {
      if (prerendered) htmlCache.refresh(key, renderKeyForCache(key))
    }
  })
  return {
    pages: purged.map(({ key }) => key).sort(),
    rerendering: purged
      .filter(({ prerendered }) => prerendered)
      .map(({ key }) => key)
      .sort(),
  }
}
onPurge(purgeHtml)

const htmlCacheOn = import.meta.env.PROD && env.HTML_CACHE === 'on'

/** The pages the build prerendered, in the cache before the first request is answered. */
const prerenderedReady = htmlCacheOn
  ? loadPrerendered(renderIdentity(env))
      .then(({ builtAt, pages }) => {
        for (const [key, page] of pages) {
          htmlCache.store(isHtml(page.headers) ? 'pages' : 'images', key, page, { prerendered: true, storedAt: builtAt })
        }
      })
      .catch((error: unknown) => console.error(`[prerendered] not loaded: ${error instanceof Error ? error.message : String(error)}`))
  : Promise.resolve()

const jsonError = (status: number, error: string) =>
  new FastResponse(JSON.stringify({ error }), {
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
  // Built from its parts: srvx's request is not the platform's, and `new Request(request, …)` throws on it.
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: new Blob(chunks as BlobPart[]),
    signal: request.signal,
  })
}

/**
 * The request's locale for Paraglide's `getLocale()` on the server, by the URL alone
 * (decision 001: the rule lib/url's stripLocale applies in the browser too). Paraglide's own
 * middleware decides the same from its URL patterns, but clones every request and matches
 * URL patterns first: a few percent of a page render, for a decision this line makes.
 */
const requestLocale = new AsyncLocalStorage<{ locale?: Locale; origin?: string; messageCalls?: Set<string> }>()
overwriteServerAsyncLocalStorage(requestLocale)

/**
 * Routing and rendering: what answers when the cache cannot. A page rendered for one
 * request carries that request's CSP nonce on every inline script; one rendered to be
 * stored carries none (its scripts are allowed by hash).
 */
async function render(request: Request, nonce?: string): Promise<Response> {
  await blocksReady
  const url = new URL(request.url)
  const store = { locale: stripLocale(url.pathname).locale, origin: url.origin, messageCalls: new Set<string>() }
  return requestLocale.run(store, () => startFetch(request, nonce ? { context: { nonce } } : undefined))
}

/** A page rendered for this request alone, its inline scripts allowed by a fresh nonce. */
async function renderForRequest(request: Request): Promise<Response> {
  // Vite's dev server injects scripts of its own; the policy applies to the built site.
  if (!import.meta.env.PROD) return render(request)
  const nonce = newNonce()
  const response = await render(request, nonce)
  if (!isHtml(response.headers)) return response
  return withHeaders(response, (headers) => headers.set('Content-Security-Policy', contentSecurityPolicy({ nonce })))
}

const isHtml = (headers: Headers | Record<string, string>) =>
  (headers instanceof Headers ? headers.get('content-type') : headers['content-type'])?.includes('text/html') ?? false

/** A rendered response, read whole and compressed once: what the cache keeps and every waiter answers from. */
async function toStoredPage(response: Response): Promise<StoredPage> {
  const identity = new Uint8Array(await response.arrayBuffer())
  const headers: Record<string, string> = {}
  for (const [name, value] of response.headers) {
    if (name !== 'content-length' && name !== 'content-encoding' && name !== CACHE_TAGS_HEADER) headers[name] = value
  }
  const html = isHtml(response.headers)
  // A stored page is answered to many requests: its inline scripts are allowed by their hashes.
  if (html) headers['content-security-policy'] = contentSecurityPolicy({ hashes: inlineScriptHashes(new TextDecoder().decode(identity)) })
  const compressed = html ? await compressHtml(identity) : { br: identity, gzip: identity }
  const tags = response.headers.get(CACHE_TAGS_HEADER)?.split(',').filter(Boolean) ?? []
  return { status: response.status, headers, identity, ...compressed, etag: etagOf(identity), tags }
}

/** The bytes of a stored page in the encoding the request accepts, with its validators. */
function answer(request: Request, url: URL, page: StoredPage, cacheStatus: string): Response {
  const html = isHtml(page.headers)
  const encoding = html ? negotiateEncoding(request.headers.get('accept-encoding')) : 'identity'
  const headers = new Headers(page.headers)
  headers.set('x-html-cache', cacheStatus)
  // What the page shows, so a CDN can purge by tag too (docs/content-api.md, Revalidation).
  if (page.tags.length > 0) headers.set('cache-tag', page.tags.map((tag) => encodeURI(tag)).join(','))
  // Pages and generated images alike are validated by their ETag; only HTML comes in several encodings.
  headers.set('etag', page.etag)
  if (html) headers.set('vary', 'Accept-Encoding')
  if (matchesIfNoneMatch(request.headers.get('if-none-match'), page.etag)) {
    return new FastResponse(null, { status: 304, headers })
  }
  if (encoding !== 'identity') headers.set('content-encoding', encoding)
  const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity
  headers.set('content-length', String(body.byteLength))
  return new FastResponse(request.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), { status: page.status, headers })
}

/** The render that fills the cache for one page: 200s in the page's partition, 404s in their own, anything else not kept. */
function renderPageForCache(partition: Exclude<CachePartition, 'missing'>, renderUrl: URL) {
  return async (): Promise<RenderOutcome<CachePartition>> => {
    // The page is the same for every visitor: rendered from its URL alone, never from a visitor's cookies or headers.
    const page = await toStoredPage(await render(new Request(renderUrl, { headers: { accept: 'text/html' } })))
    const storable = isHtml(page.headers) && !('set-cookie' in page.headers)
    return { page, partition: storable && page.status === 200 ? partition : storable && page.status === 404 ? 'missing' : null }
  }
}

/** A generated social image as the cache keeps it: a PNG needs no compressed copies. */
function storedOgImage(image: OgImageAnswer): StoredPage {
  const none = new Uint8Array(0)
  return {
    status: image.status,
    headers: image.headers,
    identity: image.body,
    br: none,
    gzip: none,
    etag: etagOf(image.body),
    tags: image.tags,
  }
}

/** The render that fills the cache for one generated image (docs/decisions/018): PNGs in their own partition, 404s with the pages'. */
function renderOgImageForCache(pathname: string) {
  return async (): Promise<RenderOutcome<CachePartition>> => {
    const image = await answerOgImage(pathname)
    if (!image) throw new Error(`${pathname} is not an image path`)
    const page = storedOgImage(image)
    return { page, partition: page.status === 200 ? 'images' : page.status === 404 ? 'missing' : null }
  }
}

/** The render of a cache key (a path and the parameters it keeps), for re-rendering purged pages and images. */
function renderKeyForCache(key: string) {
  if (ogImageTargetOf(key)) return renderOgImageForCache(key)
  const url = new URL(key, 'http://localhost')
  const cacheable = cacheablePageRequest(new Request(url), url)
  return renderPageForCache(cacheable?.partition ?? 'pages', cacheable?.renderUrl ?? url)
}

/**
 * A cacheable page: from the cache when fresh; stale while one background render
 * replaces it; rendered (once for all concurrent requests) on a miss. When that render
 * cannot reach the backend, a purged copy still answers (stale-if-error).
 */
async function answerFromCache(request: Request, url: URL, key: string, renderForCache: () => Promise<RenderOutcome<CachePartition>>) {
  const lookup = htmlCache.lookup(key)
  if (lookup.kind === 'fresh') return answer(request, url, lookup.entry, 'HIT')
  if (lookup.kind === 'stale') {
    htmlCache.refresh(key, renderForCache)
    return answer(request, url, lookup.entry, 'STALE')
  }
  const fallback: CacheEntry | null = lookup.fallback
  let outcome: RenderOutcome<CachePartition> | null = null
  try {
    outcome = await htmlCache.render(key, renderForCache)
  } catch (error) {
    if (!fallback) throw error
  }
  // The backend is down and this page was purged: its last copy is better than an error.
  if (fallback && (outcome === null || (outcome.partition === null && outcome.page.status >= 500))) {
    return answer(request, url, fallback, 'STALE-IF-ERROR')
  }
  if (outcome === null) throw new Error(`rendering ${key} failed`)
  return answer(request, url, outcome.page, 'MISS')
}

/** Any other response: compressed when it is HTML and the browser accepts it (in that one encoding). */
async function compressed(request: Request, response: Response): Promise<Response> {
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

/**
 * A search (a page with `?s=`) costs a backend query and a render; over the
 * client's limit it is a 429 with Retry-After, before the cache or the renderer. Its
 * server-function form (a navigation in the browser) is limited in fetchPage.
 */
async function searchLimited(request: Request, url: URL, socketIp: string | null): Promise<Response | null> {
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

async function route(request: Request, url: URL): Promise<Response> {
  // A method the URL does not take is refused; a page has one path (no default-locale prefix, single slashes).
  const refused = methodAnswer(request, url) ?? canonicalPathRedirect(url)
  if (refused) return refused
  if (url.pathname === '/api/revalidate') return handleRevalidate(request)
  if (url.pathname === '/api/logout') return handleLogout(request, url)
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
  const limited = await searchLimited(request, url, socketAddress.getStore() ?? null)
  if (limited) return limited
  const bounded = await boundedRequest(request)
  if (bounded instanceof Response) return bounded
  request = bounded
  // A page's generated social image (docs/decisions/018): cached, purged and prerendered like its page.
  if (ogImageTargetOf(url.pathname)) {
    await prerenderedReady
    if (htmlCacheOn) return answerFromCache(request, url, url.pathname, renderOgImageForCache(url.pathname))
    const image = await answerOgImage(url.pathname)
    if (image) return answer(request, url, storedOgImage(image), 'BYPASS')
  }
  // The editor's redirects come before the visitor's remembered language and before any page (docs/decisions/025).
  if (request.method === 'GET' || request.method === 'HEAD') {
    const decision = await redirectFor(url)
    if (decision?.kind === 'redirect') return redirectResponse(decision)
    // Gone: the error screen for this request alone, never a cached copy of what the path showed before.
    if (decision?.kind === 'gone') return gone(await compressed(request, await renderForRequest(request)))
  }
  const remembered = cookieLocaleRedirect({
    pathname: url.pathname,
    search: url.search,
    cookieHeader: request.headers.get('cookie') ?? '',
    isDocument: request.method === 'GET' && request.headers.get('sec-fetch-dest') === 'document',
  })
  if (remembered) {
    // Per visitor, so never stored by a shared cache; the page it points to is.
    return redirectTo(url, 307, remembered, { 'Cache-Control': 'private, no-store', Vary: 'Cookie' })
  }
  // Vite's dev server renders from source on every request; the cache is for the built site
  // (HTML_CACHE=off turns it off there too: every page rendered per request).
  const cacheable = htmlCacheOn ? cacheablePageRequest(request, url) : null
  await prerenderedReady
  if (cacheable) return answerFromCache(request, url, cacheable.key, renderPageForCache(cacheable.partition, cacheable.renderUrl))
  return compressed(request, await renderForRequest(request))
}

/** The error screen of a path the editor marked gone: 410 where the render says 404 (a backend that is down stays 503). */
function gone(response: Response): Response {
  if (response.status !== 404) return response
  return new FastResponse(response.body, { status: 410, headers: response.headers })
}

/**
 * Edits a response's headers in place, so a body held in memory (a cached page) is written
 * as it is; a response whose headers are immutable (a redirect's, a fetch's) is copied
 * first, sharing its body.
 */
function withHeaders(response: Response, edit: (headers: Headers) => void): Response {
  try {
    edit(response.headers)
    return response
  } catch (error) {
    if (!(error instanceof TypeError)) throw error
    const copy = new Response(response.body, response)
    edit(copy.headers)
    return copy
  }
}

/** The headers every response gets: security headers, and for HTML its caching and policy. */
function finalHeaders(url: URL, status: number) {
  return (headers: Headers) => {
    for (const [name, value] of Object.entries(securityHeaders)) {
      if (!headers.has(name)) headers.set(name, value)
    }
    headers.delete(CACHE_TAGS_HEADER)
    if (!isHtml(headers)) return
    headers.set('Cache-Control', cacheControlFor(url, status))
    if (status === 503) for (const [name, value] of Object.entries(unavailableHeaders)) headers.set(name, value)
    // Every HTML answer of the built site has its policy by now (a nonce or its scripts'
    // hashes); one that somehow has none runs no inline script at all.
    if (import.meta.env.PROD && !headers.has('Content-Security-Policy'))
      headers.set('Content-Security-Policy', contentSecurityPolicy({ hashes: [] }))
  }
}

/** The platform this build is for (scripts/deploy/targets.ts), or null for the Node server. */
const deployTarget: unknown = import.meta.env.DEPLOY_TARGET
const platform = isPlatform(deployTarget) ? deployTarget : null

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

export default createServerEntry({
  async fetch(request) {
    const url = new URL(request.url)
    // The socket's address, for the code below that may see a copy of this request without it (visitor.server.ts).
    const response = await socketAddress.run(socketIpOf(request), () => route(request, url))
    const final = finalHeaders(url, response.status)
    if (!platform) return withHeaders(response, final)
    const onPlatform = platformHeaders(request, url, response.status)
    return withHeaders(response, (headers) => {
      final(headers)
      onPlatform(headers)
    })
  },
})

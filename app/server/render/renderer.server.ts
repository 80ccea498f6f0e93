/**
 * Routing and rendering: what answers when the page cache cannot. TanStack Start's handler
 * with the request's locale set for Paraglide, the page's cache tags and a backend outage
 * carried out as headers and status (requirements §10.3), and the fallback document when
 * the error screen itself fails (render-failed.server.tsx).
 */
import { createStartHandler, defaultStreamHandler, defineHandlerCallback } from '@tanstack/react-start/server'
import { AsyncLocalStorage } from 'node:async_hooks'
import { siteConfig } from '../../config/site'
import { isContentUnavailable } from '../../lib/errors'
import { loggableError } from '../../lib/log-redaction'
import { stripLocale } from '../../lib/url'
import { overwriteServerAsyncLocalStorage, type Locale } from '../../paraglide/runtime'
import { preloadAllBlocks } from '../../sections/render-sections'
import { preloadPageIslands } from '../../components/page-islands'
import { CACHE_TAGS_HEADER, isHtml, withHeaders } from '../http/responses.server'
import { contentSecurityPolicy, newNonce } from '../http/security-headers.server'
import { startKeepingIslandMarkup } from './island-markup.server'
import { renderFailedPage } from './render-failed.server'
import { renderTurns } from './render-turns.server'

function cacheTagsOf(loaderData: unknown): string[] {
  if (typeof loaderData !== 'object' || loaderData === null || !('cacheTags' in loaderData)) return []
  const tags: unknown = loaderData.cacheTags
  return Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : []
}

/**
 * The request's locale for Paraglide's `getLocale()` on the server, by the URL alone
 * (decision 001: the rule lib/url's stripLocale applies in the browser too). Paraglide's own
 * middleware decides the same from its URL patterns, but clones every request and matches
 * URL patterns first: a few percent of a page render, for a decision this line makes.
 */
const requestLocale = new AsyncLocalStorage<{ locale?: Locale; origin?: string; messageCalls?: Set<string> }>()
overwriteServerAsyncLocalStorage(requestLocale)

/** One page renders at a time once its data is loaded (docs/decisions/041-one-render-at-a-time.md). */
const turns = renderTurns()

/**
 * Requirements §10.3: a backend that is down is not a missing page. The page's cache tags travel with it.
 * Start calls this once the route's loaders are done: the render's turn starts here.
 */
const renderWithStatus = defineHandlerCallback(async (ctx) => {
  const turn = await turns.take()
  let result: Awaited<ReturnType<typeof defaultStreamHandler>>
  try {
    result = await defaultStreamHandler(ctx)
  } catch (error) {
    turn.end()
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
  const response = new Response(turn.body(original.body), { status: unavailable ? 503 : original.status, headers })
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

// A form's server markup is rendered once per form, locale and definition (docs/decisions/037).
startKeepingIslandMarkup()

/**
 * A page rendered for one request carries that request's CSP nonce on every inline
 * script; one rendered to be stored carries none (its scripts are allowed by hash).
 */
export async function render(request: Request, nonce?: string): Promise<Response> {
  await blocksReady
  const url = new URL(request.url)
  const store = { locale: stripLocale(url.pathname).locale, origin: url.origin, messageCalls: new Set<string>() }
  return requestLocale.run(store, () => startFetch(request, nonce ? { context: { nonce } } : undefined))
}

/** A page rendered for this request alone, its inline scripts allowed by a fresh nonce. */
export async function renderForRequest(request: Request): Promise<Response> {
  // Vite's dev server injects scripts of its own; the policy applies to the built site.
  if (!import.meta.env.PROD) return render(request)
  const nonce = newNonce()
  const response = await render(request, nonce)
  if (!isHtml(response.headers)) return response
  return withHeaders(response, (headers) => headers.set('Content-Security-Policy', contentSecurityPolicy({ nonce })))
}

/**
 * Routing and rendering: what answers when the page cache cannot. TanStack Start's handler
 * with the request's locale set for Paraglide, the page's cache tags and a backend outage
 * carried out as headers and status (requirements §10.3), and the fallback document when
 * the error screen itself fails (render-failed.server.tsx).
 */
import type { AnyRouter } from '@tanstack/react-router'
import { getSsrStatus, RouterServer, transformHtmlStringWithRouter } from '@tanstack/react-router/ssr/server'
import { createStartHandler, defaultStreamHandler, defineHandlerCallback } from '@tanstack/react-start/server'
import { AsyncLocalStorage } from 'node:async_hooks'
import { createElement } from 'react'
import { renderToString, type ServerOptions } from 'react-dom/server'
import { siteConfig } from '../../config/site'
import { isContentUnavailable } from '../../lib/errors'
import { loggableError } from '../../lib/log-redaction'
import { stripLocale } from '../../lib/url'
import { overwriteServerAsyncLocalStorage, type Locale } from '../../paraglide/runtime'
import { preloadAllBlocks } from '../../sections/render-sections'
import { preloadPageIslands } from '../../components/page-islands'
import { noteSharedTextWith } from '../../ui/kept-markup'
import { negotiateEncoding } from '../http/compression.server'
import { CACHE_TAGS_HEADER, isHtml, withHeaders } from '../http/responses.server'
import { contentSecurityPolicy, newNonce } from '../http/security-headers.server'
import {
  bytesOfPieces,
  documentParts,
  documentPartsOf,
  noteSharedText,
  notingSharedTexts,
  withDocumentParts,
  type DocumentParts,
} from '../http/document-parts.server'
import { CLIENT_RENDERED_BOUNDARY, startKeepingIslandMarkup } from './island-markup.server'
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
const requestLocale = new AsyncLocalStorage<{
  locale?: Locale
  origin?: string
  messageCalls?: Set<string>
  /** A render for this one request, answered in gzip: its document is kept in parts (decision 052). */
  inParts?: { nonce: string; parts?: DocumentParts }
}>()
overwriteServerAsyncLocalStorage(requestLocale)

/** What the router writes before the page's markup (transformHtmlStringWithRouter). */
const DOCTYPE = '<!DOCTYPE html>'

/** One page renders at a time once its data is loaded (docs/decisions/041-one-render-at-a-time.md). */
const turns = renderTurns()

/**
 * The page's markup from React's string renderer: one synchronous pass, without the stream
 * renderer's chunks, their encoding to bytes and the web streams between them
 * (docs/decisions/049-pages-rendered-whole.md), and the texts in it that other renders share
 * (document-parts.server.ts). The markup stays in the pieces React wrote it in, never one
 * string (docs/decisions/063-page-markup-in-pieces.md): the build's React fills `pieces`
 * (scripts/vite-react-string-pieces-plugin.ts); in development it returns the markup whole,
 * one piece. Null when a part suspended (code not loaded yet, which the string renderer
 * leaves to the browser instead of waiting for it) or threw: the stream renderer then
 * renders the page, waits for that part, or reports the error, as it always did.
 */
function renderWhole(router: AnyRouter): { pieces: string[]; shared: string[] } | null {
  const pieces: string[] = []
  const options: ServerOptions & { pieces: string[] } = { pieces }
  let rendered: { result: string; texts: string[] }
  try {
    rendered = notingSharedTexts(() => renderToString(createElement(RouterServer, { router }), options))
  } catch {
    return null
  }
  if (pieces.length === 0)
    return rendered.result.includes(CLIENT_RENDERED_BOUNDARY) ? null : { pieces: [rendered.result], shared: rendered.texts }
  // React writes the boundary's marker as a piece of its own.
  return pieces.includes(CLIENT_RENDERED_BOUNDARY) ? null : { pieces, shared: rendered.texts }
}

/**
 * The whole page's document, with the router's state written into it, as bytes (what the
 * server sends and stores); in parts too when it is answered for one request (decision 052).
 */
async function wholeDocument(
  router: AnyRouter,
  { pieces, shared }: { pieces: string[]; shared: string[] },
): Promise<Uint8Array<ArrayBuffer>> {
  try {
    // The pieces as one string that is never read whole: the router's fast path only puts the doctype before it.
    let markup = ''
    for (const piece of pieces) markup += piece
    const document = await transformHtmlStringWithRouter(router, markup)
    // With the router's state in the page already (its fast path), the document is the doctype and the markup.
    const written = document.length === DOCTYPE.length + markup.length ? pieces : null
    const inParts = requestLocale.getStore()?.inParts
    if (!inParts) return written ? bytesOfPieces([DOCTYPE, ...written]) : Buffer.from(document)
    inParts.parts = written ? documentParts(written, shared, inParts.nonce, DOCTYPE) : documentParts(document, shared, inParts.nonce)
    return inParts.parts.bytes
  } finally {
    router.serverSsr?.cleanup()
  }
}

/**
 * Requirements §10.3: a backend that is down is not a missing page. The page's cache tags travel with it.
 * Start calls this once the route's loaders are done: the render's turn starts here.
 */
const renderWithStatus = defineHandlerCallback(async (ctx) => {
  const turn = await turns.take()
  let whole: Uint8Array<ArrayBuffer> | null = null
  let streamed: Awaited<ReturnType<typeof defaultStreamHandler>> | null = null
  try {
    const page = renderWhole(ctx.router)
    if (page === null) streamed = await defaultStreamHandler(ctx)
    else {
      whole = await wholeDocument(ctx.router, page)
      turn.end()
    }
  } catch (error) {
    turn.end()
    // The page failed and so did its error screen (React renders no boundary on the server).
    console.error(`[render] ${new URL(ctx.request.url).pathname}: the error screen failed too: ${loggableError(error)}`)
    return renderFailedPage(requestLocale.getStore()?.locale ?? siteConfig.i18n.defaultLocale)
  }
  const original = streamed === null ? null : streamed instanceof Response ? streamed : streamed.response
  const headers = new Headers(original?.headers ?? ctx.responseHeaders)
  const tags = new Set(ctx.router.state.matches.flatMap((match) => cacheTagsOf(match.loaderData)))
  if (tags.size > 0) headers.set(CACHE_TAGS_HEADER, [...tags].join(','))
  const unavailable = ctx.router.state.matches.some((match) => match.status === 'error' && isContentUnavailable(match.error))
  if (unavailable) headers.set('Retry-After', String(siteConfig.cache.retryAfterSeconds))
  const status = unavailable ? 503 : (original?.status ?? getSsrStatus(ctx.router))
  const response = new Response(whole ?? turn.body(original?.body ?? null), { status, headers })
  return streamed === null || streamed instanceof Response ? response : { ...streamed, response }
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
// The page's data block is text other renders share too (docs/decisions/052).
noteSharedTextWith(noteSharedText)

/**
 * A page rendered for one request carries that request's CSP nonce on every inline
 * script; one rendered to be stored carries none (its scripts are allowed by hash).
 */
export async function render(request: Request, nonce?: string): Promise<Response> {
  await blocksReady
  const url = new URL(request.url)
  // Only a gzip answer is made from parts; a browser takes brotli, which compresses the page whole.
  const inGzip = negotiateEncoding(request.headers.get('accept-encoding')) === 'gzip'
  const inParts: { nonce: string; parts?: DocumentParts } | undefined = nonce && inGzip ? { nonce } : undefined
  const store = { locale: stripLocale(url.pathname).locale, origin: url.origin, messageCalls: new Set<string>(), inParts }
  const response = await requestLocale.run(store, () => startFetch(request, nonce ? { context: { nonce } } : undefined))
  // A page stored for many requests is compressed whole, once (stored-page.server.ts).
  return inParts?.parts ? withDocumentParts(response, inParts.parts) : response
}

/** A page rendered for this request alone, its inline scripts allowed by a fresh nonce. */
export async function renderForRequest(request: Request): Promise<Response> {
  // Vite's dev server injects scripts of its own; the policy applies to the built site.
  if (!import.meta.env.PROD) return render(request)
  const nonce = newNonce()
  const response = await render(request, nonce)
  if (!isHtml(response.headers)) return response
  const parts = documentPartsOf(response)
  const answer = withHeaders(response, (headers) => headers.set('Content-Security-Policy', contentSecurityPolicy({ nonce })))
  return parts ? withDocumentParts(answer, parts) : answer
}

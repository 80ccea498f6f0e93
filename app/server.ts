/**
 * The server entry: every request passes here (pages, server functions, assets in dev).
 * It is the order of the steps, each named after the room that does it
 * (docs/architecture.md, "How a request flows"):
 *   the door (app/server/http/): the health checks, method and canonical path, the
 *     webhooks (revalidation, the outbox drain), server-function and search checks, the body's size;
 *   content (app/server/content/): generated social images, the editor's redirects;
 *   the page cache (app/server/page-cache/): prerendered and rendered pages;
 *   the renderer (app/server/render/): everything else;
 * and every answer leaves with its headers (http/final-headers.server.ts).
 */
import { createServerEntry } from '@tanstack/react-start/server-entry'
import { FastResponse } from 'srvx'
import { cookieLocaleRedirect } from './lib/locale-redirect'
import { contentBackendReady } from './server/content/get-content-source.server'
import { redirectFor, redirectResponse } from './server/content/redirects.server'
import { closeSiteDatabase, siteDatabaseAnswers } from './server/db/site-db.server'
import { startOutboxWorker, stopOutboxWorker } from './server/enquiries/submissions.server'
import { handleLogout } from './server/enquiries/logout.server'
import { handleOutboxDrain } from './server/enquiries/outbox-drain.server'
import { canonicalPathRedirect, methodAnswer, redirectTo } from './server/http/edge-requests.server'
import { compressed, withFinalHeaders } from './server/http/final-headers.server'
import { answerHealth, type ReadinessChecks } from './server/http/health.server'
import { boundedRequest, searchLimited, serverFunctionRefusal } from './server/http/request-guards.server'
import { requestIdOf, withRequestId } from './server/http/request-id.server'
import { whenStopping } from './server/http/shutdown.server'
import { socketAddress, socketIpOf } from './server/http/visitor.server'
import { logRequest } from './server/log.server'
import { answerCachedPage, answerOgImageRequest, prerenderedPagesLoaded } from './server/page-cache/cached-pages.server'
import { cacheInSync, stopPurgeSync } from './server/page-cache/purge.server'
import { handleRevalidate } from './server/page-cache/revalidation.server'
import { outboxDrain } from './server/platform/schedules'
import { renderForRequest } from './server/render/renderer.server'

// Submissions that waited in the outbox (across a restart too) go out from this process, until it is told to stop:
// then the worker settles what it claimed, before the purge listener and the database's connections close.
startOutboxWorker()
whenStopping(async () => {
  await stopOutboxWorker()
  await stopPurgeSync()
  await closeSiteDatabase()
})

/** `GET /readyz` (docs/decisions/033): the backend's circuit breaker is closed, the site's database answers, the prerendered pages are in. */
const readiness: ReadinessChecks = { backend: contentBackendReady, database: siteDatabaseAnswers, prerendered: prerenderedPagesLoaded }

/** Refusals and the site's own endpoints, before any body is read. */
async function door(request: Request, url: URL): Promise<Response | null> {
  // The load balancer's questions come first: never limited, never cached.
  const health = await answerHealth(request, url, readiness)
  if (health) return health
  // A method the URL does not take is refused; a page has one path (no default-locale prefix, single slashes).
  const refused = methodAnswer(request, url) ?? canonicalPathRedirect(url)
  if (refused) return refused
  if (url.pathname === '/api/revalidate') return handleRevalidate(request)
  if (url.pathname === '/api/logout') return handleLogout(request, url)
  if (url.pathname === outboxDrain.path) return handleOutboxDrain(request)
  return serverFunctionRefusal(request, url) ?? (await searchLimited(request, url, socketAddress.getStore() ?? null))
}

/** The editor's redirects and gone paths (docs/decisions/025), then the visitor's remembered language. */
async function redirects(request: Request, url: URL): Promise<Response | null> {
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
  // Per visitor, so never stored by a shared cache; the page it points to is.
  return remembered ? redirectTo(url, 307, remembered, { 'Cache-Control': 'private, no-store', Vary: 'Cookie' }) : null
}

/** The error screen of a path the editor marked gone: 410 where the render says 404 (a backend that is down stays 503). */
function gone(response: Response): Response {
  if (response.status !== 404) return response
  return new FastResponse(response.body, { status: 410, headers: response.headers })
}

async function route(request: Request, url: URL): Promise<Response> {
  const refused = await door(request, url)
  if (refused) return refused
  const bounded = await boundedRequest(request)
  if (bounded instanceof Response) return bounded
  // Several processes: the purges the others logged are applied here before the cache answers.
  await cacheInSync()
  return (
    (await answerOgImageRequest(bounded, url)) ??
    (await redirects(bounded, url)) ??
    (await answerCachedPage(bounded, url)) ??
    compressed(bounded, await renderForRequest(bounded))
  )
}

export default createServerEntry({
  async fetch(request) {
    const started = performance.now()
    const url = new URL(request.url)
    const id = requestIdOf(request)
    // The socket's address, for the code below that may see a copy of this request without it (visitor.server.ts);
    // the request's id, for every log line written meanwhile (app/server/log.server.ts).
    const response = await withRequestId(id, () => socketAddress.run(socketIpOf(request), () => route(request, url)))
    const answer = withFinalHeaders(request, url, response)
    const ms = Math.round((performance.now() - started) * 10) / 10
    logRequest(id, { method: request.method, route: url.pathname, status: answer.status, ms, cache: answer.headers.get('x-html-cache') })
    return answer
  },
})

/**
 * Chooses the content source from the environment (docs/architecture.md, How a request flows): the `wp`
 * adapter over HTTP when CONTENT_API_URL is set, else the same adapter handed the
 * embedded CMS's fetch handler, in-process. Either way a page cache sits in front.
 */
import { siteConfig } from '../../config/site'
import { backendConfig } from '../config.server'
import { loggableError } from '../../lib/log-redaction'
import { env, serverCache } from '../env.server'
import { currentRequestId } from '../http/request-id.server'
import { withCheckedSections } from './sections.server'
import { withPageCache } from './data-cache.server'
import type { SiteOptions } from '../../contract/model'
import { ContentNotFoundError, type ContentSource } from './content-source.server'
import { createWpClient, createWpSource, type FetchLike } from './backend-source.server'
import type { BackendClient, OutageEvent } from './backend-client.server'

/** The origin the in-process CMS answers on; never leaves the process. */
const EMBEDDED_ORIGIN = 'http://embedded-cms.invalid'

let source: (ContentSource & { invalidate(): number }) | undefined
/** The content backend's client, whose circuit breaker says whether the backend is up, and its cheapest call (contentBackendReady). */
let backend: { client: BackendClient; versionUrl: string } | undefined

/** Told the tags of an editor's change in content/ (the embedded CMS watches its files). */
let onEmbeddedChange: (tags: string[]) => void = () => {}

/**
 * Who hears of a change in the embedded CMS's files: the purge owner
 * (app/server/page-cache/purge.server.ts), which purges every cache in order. The content
 * room does not purge the page cache itself, so it does not import it.
 */
export function whenEmbeddedContentChanges(listener: (tags: string[]) => void) {
  onEmbeddedChange = listener
}

function logError(error: unknown) {
  console.error(`[content] ${loggableError(error)}${requestTag()}`)
}

const requestTag = () => {
  const id = currentRequestId()
  return id ? ` [request ${id}]` : ''
}

/** One line when a backend goes down and one when it is back: what failed, never a query (tokens, search terms). */
function logOutage(event: OutageEvent) {
  const name = event.origin === EMBEDDED_ORIGIN ? 'the embedded CMS' : event.origin
  const seconds = (ms: number) => `${Math.round(ms / 1000)} s`
  if (event.kind === 'down') {
    console.error(
      `[backend] ${name} is down: ${backendConfig.breaker.failureThreshold} failed calls in a row (last: ${event.cause}); ` +
        `failing fast, one probe every ${seconds(event.cooldownMs)}${requestTag()}`,
    )
  } else {
    console.info(`[backend] ${name} is back after ${seconds(event.downForMs ?? 0)}${requestTag()}`)
  }
}

async function embeddedFetch(): Promise<FetchLike> {
  const { cmsOptionsFromEnv, createEmbeddedCms } = await import('../../../cms/index')
  const cms = createEmbeddedCms(cmsOptionsFromEnv(env))
  // An editor's change in content/ shows without a restart: the same purge as the revalidation webhook.
  cms.watch((tags) => onEmbeddedChange(tags))
  return (input, init) => cms.fetch(new Request(input, init))
}

function createSource(): ContentSource & { invalidate(): number } {
  const remote = env.CONTENT_API_URL
  let fetchPromise: Promise<FetchLike> | undefined
  const fetcher: FetchLike | undefined = remote ? undefined : async (input, init) => (await (fetchPromise ??= embeddedFetch()))(input, init)
  const baseUrl = (remote ?? EMBEDDED_ORIGIN).replace(/\/+$/, '')
  const client = createWpClient({ baseUrl, timeoutMs: env.CONTENT_TIMEOUT_MS, fetch: fetcher, onOutage: logOutage })
  backend = { client, versionUrl: `${baseUrl}/api/v1/version` }
  const wp = createWpSource({ baseUrl, timeoutMs: env.CONTENT_TIMEOUT_MS, client, onError: logError })
  const cached = withPageCache(withCheckedSections(wp), {
    freshMs: serverCache.freshMs,
    keepMs: siteConfig.cache.keepMs,
    maxEntries: siteConfig.cache.maxEntries,
    serveStale: serverCache.serveStale,
    onError: logError,
  })
  const site = env.SITE_URL ? withSiteUrl(cached, env.SITE_URL) : cached
  // Requirements §7 `{apiUrl}/api/user/*`: the account calls may live on their own backend (AUTH_API_URL).
  const invalidate = () => cached.invalidate()
  if (!env.AUTH_API_URL || env.AUTH_API_URL === remote) return { ...site, invalidate }
  const auth = createWpSource({ baseUrl: env.AUTH_API_URL, timeoutMs: env.CONTENT_TIMEOUT_MS, onError: logError, onOutage: logOutage })
  return { ...site, invalidate, userRequest: (request) => auth.userRequest(request) }
}

/** SITE_URL, when set, is the public origin for canonical URLs instead of the backend's host_url. */
function withSiteUrl(source: ContentSource, siteUrl: string): ContentSource {
  const origin = new URL(siteUrl).origin
  // One copy per options object the cache holds: the server keeps markup made from the
  // options per object (docs/decisions/042), so a new copy on every page would make it again.
  const copies = new WeakMap<SiteOptions, SiteOptions>()
  const withOrigin = (options: SiteOptions): SiteOptions => {
    let copy = copies.get(options)
    if (copy === undefined) {
      copy = {
        ...options,
        siteUrl: origin,
        ownOrigins: options.ownOrigins.includes(origin) ? options.ownOrigins : [...options.ownOrigins, origin],
      }
      copies.set(options, copy)
    }
    return copy
  }
  return {
    ...source,
    async getPage(query) {
      try {
        const data = await source.getPage(query)
        return { ...data, options: withOrigin(data.options) }
      } catch (error) {
        if (error instanceof ContentNotFoundError && error.frame) {
          throw new ContentNotFoundError({ ...error.frame, options: withOrigin(error.frame.options) })
        }
        throw error
      }
    },
  }
}

export function getContentSource(): ContentSource {
  return (source ??= createSource())
}

/**
 * A revalidation means the backend's content changed: every answer the data cache holds
 * is read again on its next use. Returns how many entries it marked (0 before the first read).
 */
export function invalidateContent(): number {
  return source?.invalidate() ?? 0
}

/** The one probe readiness asks for while the breaker is open (contentBackendReady). */
let probing: Promise<unknown> | undefined

/**
 * Whether the content backend is up, as its circuit breaker says (readiness, `GET /readyz`;
 * docs/decisions/033-server-lifecycle.md). While it is not closed, one cheap call (the
 * contract's version) goes through the breaker: it is refused at once during the
 * cool-down and is the probe after it. A server the load balancer took out of rotation
 * gets no pages to ask for, and without this its breaker would never close again.
 */
export function contentBackendReady(): boolean {
  getContentSource()
  if (!backend || backend.client.breakerState === 'closed') return true
  probing ??= backend.client
    .request(backend.versionUrl, { headers: { accept: 'application/json' } })
    .then((response) => response.body?.cancel())
    .catch(() => undefined)
    .finally(() => {
      probing = undefined
    })
  return false
}

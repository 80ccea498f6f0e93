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
import { createWpSource, type FetchLike } from './backend-source.server'
import type { OutageEvent } from './backend-client.server'

/** The origin the in-process CMS answers on; never leaves the process. */
const EMBEDDED_ORIGIN = 'http://embedded-cms.invalid'

let source: (ContentSource & { invalidate(): number }) | undefined

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
  const wp = createWpSource({
    baseUrl: remote ?? EMBEDDED_ORIGIN,
    timeoutMs: env.CONTENT_TIMEOUT_MS,
    fetch: fetcher,
    onError: logError,
    onOutage: logOutage,
  })
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
  const withOrigin = (options: SiteOptions): SiteOptions => ({
    ...options,
    siteUrl: origin,
    ownOrigins: options.ownOrigins.includes(origin) ? options.ownOrigins : [...options.ownOrigins, origin],
  })
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

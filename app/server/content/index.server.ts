/**
 * Chooses the content source from the environment (DESIGN.md, Layers): the `wp`
 * adapter over HTTP when CONTENT_API_URL is set, else the same adapter handed the
 * embedded CMS's fetch handler, in-process. Either way a page cache sits in front.
 */
import { defaultLocale, routedLocales, siteConfig } from '../../../app.config'
import { env } from '../env.server'
import { withPageCache } from './cache'
import type { ContentSource } from './source'
import { createWpSource, type FetchLike } from './wp-source'

/** The origin the in-process CMS answers on; never leaves the process. */
const EMBEDDED_ORIGIN = 'http://embedded-cms.invalid'

let source: ContentSource | undefined

function logError(error: unknown) {
  console.error(`[content] ${error instanceof Error ? error.message : String(error)}`)
}

async function embeddedFetch(): Promise<FetchLike> {
  const { createEmbeddedCms } = await import('../../../cms/index')
  const cms = createEmbeddedCms({
    contentDir: env.CMS_CONTENT_DIR,
    databaseUrl: env.CMS_DATABASE_URL,
    locales: routedLocales,
    defaultLocale,
  })
  return (input, init) => cms.fetch(new Request(input, init))
}

function createSource(): ContentSource {
  const remote = env.CONTENT_API_URL
  let fetchPromise: Promise<FetchLike> | undefined
  const fetcher: FetchLike | undefined = remote
    ? undefined
    : async (input, init) => (await (fetchPromise ??= embeddedFetch()))(input, init)
  const wp = createWpSource({
    baseUrl: remote ?? EMBEDDED_ORIGIN,
    timeoutMs: env.CONTENT_TIMEOUT_MS,
    fetch: fetcher,
    onError: logError,
  })
  return withPageCache(wp, {
    freshMs: siteConfig.cache.freshMs,
    keepMs: siteConfig.cache.keepMs,
    maxEntries: siteConfig.cache.maxEntries,
    onError: logError,
  })
}

export function getContentSource(): ContentSource {
  return (source ??= createSource())
}

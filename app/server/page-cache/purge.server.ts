/**
 * The one owner of purging (docs/architecture.md, "Where a page is purged"). A revalidation
 * (revalidation.server.ts), another process's revalidation (purge-sync.server.ts) or an
 * editor's change in the embedded CMS's files purges, in this order:
 *   0. the answers kept for replay (app/server/http/replay.server.ts);
 *   1. the data cache and the sitemap (app/server/content/): what a render reads;
 *   2. the rendered pages and images (cached-pages.server.ts);
 *   3. then the prerendered pages among them are rendered again, reading the new content.
 * The order is the code's, not a registration's or a timer's: a render started before
 * step 1 could read the old content and keep it as fresh. A revalidation then tells the
 * other processes that share the database (`purgeEverywhere`).
 */
import type { PurgeReport, PurgeRequest } from '../../contract/cache-tags'
import { invalidateContent, whenEmbeddedContentChanges } from '../content/get-content-source.server'
import { forgetSitemap } from '../content/sitemap.server'
import { sharesState } from '../db/site-db.server'
import { forgetReplays } from '../http/replay.server'
import { deployPlatform } from '../platform/platform-env.server'
import { prerenderedBuiltAt, purgePages, rerender } from './cached-pages.server'
import { createPurgeSync } from './purge-sync.server'

/** This process's caches. */
function purge(request: PurgeRequest): PurgeReport {
  // Answers kept for replay go first: none of them may outlive what it showed (app/server/http/replay.server.ts).
  forgetReplays()
  const data = invalidateContent()
  const sitemap = forgetSitemap()
  const { pages, rerendering } = purgePages(request)
  rerender(rerendering)
  return { pages, rerendering, data, sitemap }
}

const sync = createPurgeSync({ apply: purge, builtAt: prerenderedBuiltAt })
// Not in a Netlify or Vercel function: there the CDN is the shared cache and the function's own copies live
// seconds (decision 034); a listening connection per warm instance would cost Postgres more than it saves.
sync.start(sharesState() && deployPlatform === null)

/** This process's caches, then every other process's that shares the database (within about a second). */
export async function purgeEverywhere(request: PurgeRequest): Promise<PurgeReport> {
  const report = purge(request)
  const told = await sync.broadcast(request)
  return told ? { ...report, ...told } : report
}

/** Stops listening for other processes' purges (graceful shutdown). */
export const stopPurgeSync = (): Promise<void> => sync.stop()

/** Resolves once this process applied the purges other processes logged (at start, after a lost connection); at once with one process. */
export const cacheInSync = (): Promise<void> => sync.inSync()

// An editor's change in content/ shows without a restart: the same purge as the revalidation webhook.
whenEmbeddedContentChanges((tags) => {
  const report = purge({ tags, paths: [] })
  console.info(`[cms] content changed (${tags.join(', ')}): purged ${JSON.stringify(report)}`)
})

/**
 * The one owner of purging (docs/architecture.md, "Where a page is purged"). A revalidation
 * (revalidation.server.ts) or an editor's change in the embedded CMS's files purges, in
 * this order:
 *   1. the data cache and the sitemap (app/server/content/): what a render reads;
 *   2. the rendered pages and images (cached-pages.server.ts);
 *   3. then the prerendered pages among them are rendered again, reading the new content.
 * The order is the code's, not a registration's or a timer's: a render started before
 * step 1 could read the old content and keep it as fresh.
 */
import type { PurgeReport, PurgeRequest } from '../../contract/cache-tags'
import { invalidateContent, whenEmbeddedContentChanges } from '../content/get-content-source.server'
import { forgetSitemap } from '../content/sitemap.server'
import { purgePages, rerender } from './cached-pages.server'

export function purge(request: PurgeRequest): PurgeReport {
  const data = invalidateContent()
  const sitemap = forgetSitemap()
  const { pages, rerendering } = purgePages(request)
  rerender(rerendering)
  return { pages, rerendering, data, sitemap }
}

// An editor's change in content/ shows without a restart: the same purge as the revalidation webhook.
whenEmbeddedContentChanges((tags) => {
  const report = purge({ tags, paths: [] })
  console.info(`[cms] content changed (${tags.join(', ')}): purged ${JSON.stringify(report)}`)
})

/** `GET /api/v1/sitemap?locale=` (ours): every published page, post and item that may be indexed. */
import { contentFor, published, type CmsContext } from './context'
import { errorBody, json } from './http'
import { pagePath, postPath } from './paths'

/** Drafts, error pages and pages whose robots meta says noindex are left out. */
export async function getSitemap(ctx: CmsContext, url: URL): Promise<Response> {
  const content = await contentFor(ctx, url)
  if (!content) return json(errorBody('rest_invalid_param', 'Unknown locale', 400), 400)
  const pages = [...content.pages.values()]
    .filter((page) => page.status === 'publish' && !page.error && !/noindex/i.test(page.meta.robots ?? ''))
    .map((page) => ({ key: page.key, path: pagePath(page.path), modified: page.modified, type: 'page' as const }))
  const posts = published(content).map((post) => ({
    key: `post:${post.key}`,
    path: postPath(post.slug),
    modified: post.modified ?? post.date,
    type: 'post' as const,
  }))
  // Items by type and slug: the site builds their paths (decision 029).
  const items = [...content.items.values()].flat().flatMap((item) =>
    item.status === 'publish'
      ? [
          {
            key: `${item.type}:${item.key}`,
            type: 'item' as const,
            item_type: item.type,
            slug: item.slug,
            modified: item.modified ?? item.date,
          },
        ]
      : [],
  )
  return json({ result: { entries: [...pages, ...posts, ...items] } })
}

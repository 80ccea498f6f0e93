/**
 * The cache tags of a rendered page: what it shows, so a revalidation (POST
 * /api/revalidate, docs/content-api.md) purges exactly the pages a change touches.
 *
 * - `page:{pageName}`: the page itself, in every locale;
 * - `post:{slug}`: an article;
 * - `posts`: anything that lists posts (blog and category listings, tag listings,
 *   articles with their recent posts and neighbours, pages with a blog teaser, search);
 * - `form:{id}`: pages that carry a form's definition;
 * - `item:{type}/{slug}`: an item of a routed content type, and `items:{type}` its
 *   listing (decision 029); `search`: search results, which list items too.
 * Menus and site options are on every page: changing them purges everything.
 */
import type { PageData } from './model'

/** What a revalidation names (POST /api/revalidate): tags and paths. */
export interface PurgeRequest {
  tags: string[]
  paths: string[]
}

/** What a purge reached, by its name in the answer (`pages`, `data`, `sitemap`…). */
export type PurgeReport = Record<string, unknown>

export const ALL_PAGES_TAG = 'all'
export const POSTS_TAG = 'posts'
const SEARCH_TAG = 'search'

/** The tag of one item of a content type, as the backend sends it when the item changes. */
export const itemTag = (type: string, slug: string) => `item:${type}/${slug}`
/** The tag of a content type's listing. */
const itemsTag = (type: string) => `items:${type}`

export function cacheTagsFor(data: PageData, pageName: string): string[] {
  const { page } = data
  const tags = new Set<string>([`page:${pageName}`])
  if (page.kind === 'post') tags.add(`post:${page.post.slug}`).add(POSTS_TAG)
  if (page.kind === 'blog' || page.kind === 'category' || page.search) tags.add(POSTS_TAG)
  if (page.search) tags.add(SEARCH_TAG)
  if (page.kind === 'item') tags.add(itemTag(page.itemType, page.post.slug))
  if (page.kind === 'archive' && page.itemType !== null) tags.add(itemsTag(page.itemType))
  if (page.kind === 'page') {
    if (page.sections.some((section) => section.layout === 'blog_teaser')) tags.add(POSTS_TAG)
    for (const id of Object.keys(page.forms)) tags.add(`form:${id}`)
  }
  return [...tags]
}

/** The tags one revalidation tag stands for: a post also changes every list of posts, an item its type's listing and the search results. */
export function expandTag(tag: string): string[] {
  if (tag.startsWith('post:')) return [tag, POSTS_TAG]
  const item = /^item:([a-z0-9_-]+)\//.exec(tag)
  return item?.[1] ? [tag, itemsTag(item[1]), SEARCH_TAG] : [tag]
}

/** Menus, options or `all` are on every page. */
export function purgesEverything(tag: string): boolean {
  return tag === ALL_PAGES_TAG || tag === 'menus' || tag === 'options'
}

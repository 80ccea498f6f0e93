/**
 * The cache tags of a rendered page: what it shows, so a revalidation (POST
 * /api/revalidate, docs/content-api.md) purges exactly the pages a change touches.
 *
 * - `page:{pageName}`: the page itself, in every locale;
 * - `post:{slug}`: an article;
 * - `posts`: anything that lists posts (blog and category listings, tag listings,
 *   articles with their recent posts and neighbours, pages with a blog teaser, search);
 * - `form:{id}`: pages that carry a form's definition.
 * Menus and site options are on every page: changing them purges everything.
 */
import type { PageData } from '../content/model'

export const ALL_PAGES_TAG = 'all'
export const POSTS_TAG = 'posts'

export function cacheTagsFor(data: PageData, pageName: string): string[] {
  const { page } = data
  const tags = new Set<string>([`page:${pageName}`])
  if (page.kind === 'post') tags.add(`post:${page.post.slug}`).add(POSTS_TAG)
  if (page.kind === 'blog' || page.kind === 'category' || page.search) tags.add(POSTS_TAG)
  if (page.kind === 'page') {
    if (page.sections.some((section) => section.layout === 'blog_teaser')) tags.add(POSTS_TAG)
    for (const id of Object.keys(page.forms)) tags.add(`form:${id}`)
  }
  return [...tags]
}

/** The tags one revalidation tag stands for: a post also changes every list of posts. */
export function expandTag(tag: string): string[] {
  return tag.startsWith('post:') ? [tag, POSTS_TAG] : [tag]
}

/** Menus, options or `all` are on every page. */
export function purgesEverything(tag: string): boolean {
  return tag === ALL_PAGES_TAG || tag === 'menus' || tag === 'options'
}

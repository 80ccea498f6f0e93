/**
 * Translations that have a slug of their own in the WordPress of `npm run wordpress`
 * (content/ gives every translation its original's path): the German About page is
 * `ueber-uns`, so `/de/ueber-uns` is the German page and its language links, hreflang
 * alternates and sitemap entry use that path (docs/wordpress.md, docs/content-api.md
 * `lang[].url` and the sitemap's `key`). The seed writes these slugs; the contract suite
 * and the WordPress browser pass expect them.
 */
export const ownSlugs: Record<string, Record<string, string>> = {
  de: { about: 'ueber-uns' },
}

/** A page's path in WordPress: content/'s path, with the last segment renamed where the locale has its own slug. */
export function wordpressPath(locale: string, pagePath: string): string {
  const own = ownSlugs[locale]?.[pagePath]
  if (!own) return pagePath
  return [...pagePath.split('/').slice(0, -1), own].join('/')
}

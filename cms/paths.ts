/**
 * Where the site shows each document of the embedded CMS: the default locale without a
 * prefix, every other under `/{locale}` (requirements §9); the home page at `/`, articles and
 * category listings under the blog base (siteConfig.content).
 */
import { siteConfig } from '../app/config/site'

const { homeSlug, blogBase } = siteConfig.content

/** `''` for the default locale, else `/{locale}`. */
export function localePrefix(locale: string, defaultLocale: string): string {
  return locale === defaultLocale ? '' : `/${locale}`
}

/** A page's path on the site, without the locale: `/` for the home page, else `/{path}`. */
export function pagePath(path: string): string {
  return path === homeSlug ? '/' : `/${path}`
}

/** An article's path on the site, without the locale: `/blog/{slug}`. */
export function postPath(slug: string): string {
  return `/${blogBase}/${slug}`
}

/** A category listing's path on the site, without the locale: `/blog/category/{slug}`. */
export function categoryPath(slug: string): string {
  return `/${blogBase}/category/${slug}`
}

/** The page name of an article in `GET /api/v1/base/{pageName}`: `blog/{slug}`. */
export function postPageName(slug: string): string {
  return `${blogBase}/${slug}`
}

/** The slug in an article's page name (`blog/{slug}`), or null when the name is no article's. */
export function postSlugOf(pageName: string): string | null {
  const prefix = `${blogBase}/`
  if (!pageName.startsWith(prefix)) return null
  const slug = pageName.slice(prefix.length)
  return /^[a-z0-9-]+$/.test(slug) ? slug : null
}

/** Whether a page name is the blog or lies under it (`blog`, `blog/…`). */
export function isUnderBlog(pageName: string): boolean {
  return pageName === blogBase || pageName.startsWith(`${blogBase}/`)
}

/**
 * The site's public URLs, in the browser and on the server alike: the router's routes are
 * written without the locale (decision 001), and the URL a visitor sees carries it. One
 * rule, lib/url.ts's: the default locale has no prefix, every other routed locale is
 * `/{locale}`, and no URL ends in a slash. (Paraglide's own URL functions follow the same
 * patterns but need URLPattern, which the browser's first load does without.)
 */
import { getLocale } from '../paraglide/runtime'
import { isLocale, localizePath, stripLocale } from './url'

/** The current locale (Paraglide's, or the URL's in the browser): a routed one. */
function currentLocale() {
  const locale = getLocale()
  return isLocale(locale) ? locale : stripLocale('/').locale
}

/** The public href of an internal path (`/about` → `/de/about` on a German page). */
export function publicHref(href: string): string {
  if (!href.startsWith('/')) return href
  const url = new URL(href, 'http://site.invalid')
  return localizePath(url.pathname, currentLocale()) + url.search + url.hash
}

/** The router's rewrite: the public URL → the route's (the locale prefix off). */
export function routeUrl(url: URL): URL {
  url.pathname = stripLocale(url.pathname).path
  return url
}

/** The router's rewrite: the route's URL → the public one, in the current locale. */
export function publicUrl(url: URL): URL {
  url.pathname = localizePath(url.pathname, currentLocale())
  return url
}

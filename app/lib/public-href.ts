import { localizeHref } from '../paraglide/runtime'

/** Paraglide writes the prefixed root as `/de/`; the site's URLs have no trailing slash. */
export function withoutTrailingSlash(url: URL): URL {
  if (url.pathname.length > 1 && url.pathname.endsWith('/')) url.pathname = url.pathname.slice(0, -1)
  return url
}

/** The public href of an internal path (`/about` → `/de/about` on a German page). */
export function publicHref(href: string): string {
  if (!href.startsWith('/')) return href
  const localized = localizeHref(href)
  return localized.length > 1 && localized.endsWith('/') ? localized.slice(0, -1) : localized
}

/**
 * URL and locale helpers shared by the server and the browser (requirements §2 Page selection).
 */
import { defaultLocale, type Locale, routedLocales, siteConfig } from '../config/site'

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (routedLocales as readonly string[]).includes(value)
}

/**
 * Splits a public path into its locale and the path without the locale segment.
 * Requirements §2: "A leading locale segment (en, de) is stripped before the page lookup."
 */
export function stripLocale(pathname: string): { locale: Locale; path: string } {
  const segments = pathname.split('/').filter(Boolean)
  const first = segments[0]
  if (isLocale(first)) {
    return { locale: first, path: '/' + segments.slice(1).join('/') }
  }
  return { locale: defaultLocale, path: '/' + segments.join('/') }
}

/** The public path of an app path in a locale: the default locale has no prefix. */
export function localizePath(path: string, locale: Locale): string {
  const clean = stripLocale(path).path
  if (locale === defaultLocale) return clean
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`
}

/**
 * The backend page name for an app path (locale already stripped). Requirements §2: the empty
 * path maps to the home slug. Nested paths keep their slashes (`services/cloud`).
 */
export function pageNameForPath(path: string): string {
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => safeDecode(segment))
  return segments.length === 0 ? siteConfig.content.homeSlug : segments.join('/')
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** Requirements §2: a landing page path containing the managed IT support segment. */
export function isManagedItSupportPath(path: string): boolean {
  return path.split('/').some((segment) => segment.includes(siteConfig.content.managedItSupportSegment))
}

const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:'])

/**
 * Turns a backend URL into something safe to put in an href: an app path when it
 * points at the site itself (or is relative), the absolute URL when it is external,
 * and null for anything else (`javascript:`, `data:`, garbage).
 */
export function toAppHref(raw: string, ownOrigins: readonly string[]): { href: string; internal: boolean } | null {
  const value = raw.trim()
  if (value === '') return null
  if (value.startsWith('#')) return { href: value, internal: true }
  if (value.startsWith('/') && !value.startsWith('//')) {
    return { href: delocalize(value), internal: true }
  }
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return null
  }
  if (!SAFE_SCHEMES.has(url.protocol)) return null
  if ((url.protocol === 'http:' || url.protocol === 'https:') && ownOrigins.includes(url.origin)) {
    return { href: delocalize(url.pathname + url.search + url.hash), internal: true }
  }
  return { href: url.href, internal: false }
}

/** An internal href without its locale prefix and trailing slash; the router adds the prefix back. */
function delocalize(href: string): string {
  const match = /^([^?#]*)(.*)$/.exec(href)
  const pathname = match?.[1] ?? href
  const rest = match?.[2] ?? ''
  const path = stripLocale(pathname).path
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
  return trimmed + rest
}

/** The popup id of a `#popup-{id}` link (requirements §2), or null. */
export function popupIdFromHref(href: string): string | null {
  const hash = href.includes('#') ? href.slice(href.indexOf('#') + 1) : ''
  const match = /^popup-([A-Za-z0-9_-]{1,64})$/.exec(hash)
  return match?.[1] ?? null
}

export function originOf(value: string | undefined | null): string | null {
  if (!value) return null
  try {
    return new URL(value).origin
  } catch {
    return null
  }
}

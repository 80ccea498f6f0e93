/**
 * Requirements §4 and §9: the `lang` cookie remembers the visitor's language. A visitor whose
 * cookie names another routed locale and who opens a page without a locale prefix lands
 * on that page under the cookie's prefix. Documents only (never assets, server
 * functions or crawlers, which send no cookie). See docs/decisions/004.
 */
import { defaultLocale, type Locale, routedLocales, siteConfig } from '../config/site'
import { readCookie } from './cookies'
import { isLocale, localizePath, stripLocale } from './url'

export function cookieLocaleRedirect(input: {
  pathname: string
  search: string
  cookieHeader: string
  isDocument: boolean
}): string | null {
  if (!input.isDocument) return null
  const wanted = readCookie(input.cookieHeader, siteConfig.i18n.langCookie.name)
  if (!isLocale(wanted) || wanted === defaultLocale) return null
  const first = input.pathname.split('/')[1] ?? ''
  if (isLocale(first)) return null
  if (stripLocale(input.pathname).locale !== defaultLocale) return null
  return localizePath(input.pathname, wanted) + input.search
}

/**
 * The same rule in the browser, for a page a CDN served from its cache without asking
 * the server. Inlined in the head; it runs before the first paint.
 */
export function cookieLocaleRedirectScript(): string {
  const prefixed: Locale[] = routedLocales.filter((locale) => locale !== defaultLocale)
  return `(function(){try{var n=${JSON.stringify(siteConfig.i18n.langCookie.name)},d=${JSON.stringify(defaultLocale)},l=${JSON.stringify(prefixed)};var m=document.cookie.match(new RegExp("(?:^|; )"+n+"=([^;]*)"));var c=m&&decodeURIComponent(m[1]);if(!c||l.indexOf(c)<0||document.documentElement.lang!==d)return;var p=location.pathname,f=p.split("/")[1];if(f===d||l.indexOf(f)>=0)return;location.replace("/"+c+(p==="/"?"":p)+location.search+location.hash)}catch(e){}})()`
}

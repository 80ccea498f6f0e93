/**
 * Reading and writing cookies in the browser (requirements §9: `lang` 7 days at path /;
 * `dev_mode`). Pure string functions, so the rules are unit-tested.
 */
export interface CookieOptions {
  maxAgeSeconds?: number
  path?: string
  sameSite?: 'Lax' | 'Strict'
  secure?: boolean
}

export function readCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const index = part.indexOf('=')
    if (index === -1) continue
    if (part.slice(0, index).trim() !== name) continue
    try {
      return decodeURIComponent(part.slice(index + 1).trim())
    } catch {
      return null
    }
  }
  return null
}

export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? '/'}`]
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${Math.floor(options.maxAgeSeconds)}`)
  parts.push(`SameSite=${options.sameSite ?? 'Lax'}`)
  if (options.secure) parts.push('Secure')
  return parts.join('; ')
}

function deleteCookieString(name: string, path = '/'): string {
  return `${name}=; Path=${path}; Max-Age=0; SameSite=Lax`
}

/** The cookie strings that delete `name` at path / whatever Domain it was set with on `hostname` (consent withdrawn). */
export function deleteCookieEverywhereStrings(name: string, hostname: string): string[] {
  return cookieDomainsFor(hostname).map((domain) => `${name}=; Path=/; Max-Age=0${domain ? `; Domain=${domain}` : ''}`)
}

/**
 * Every Domain a cookie readable on `hostname` may have been set with: none (a host-only
 * cookie), the host itself with and without a leading dot, and each parent domain
 * (`www.example.co.uk` → `.example.co.uk`, `.co.uk`). Analytics sets `_ga` on the widest
 * domain it is allowed, which we cannot know without the public-suffix list; trying a
 * public suffix is harmless (the browser refuses it). An IP address has no parents.
 */
export function cookieDomainsFor(hostname: string): string[] {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  if (host === '' || /^[\d.]+$/.test(host) || host.includes(':')) return host === '' ? [''] : ['', host]
  const labels = host.split('.')
  const parents = labels.slice(1, -1).map((_, index) => `.${labels.slice(index + 1).join('.')}`)
  return ['', host, `.${host}`, ...parents]
}

/** Browser-only helpers over document.cookie. */
export const browserCookies = {
  get(name: string): string | null {
    return typeof document === 'undefined' ? null : readCookie(document.cookie, name)
  },
  set(name: string, value: string, options: CookieOptions = {}) {
    if (typeof document === 'undefined') return
    document.cookie = serializeCookie(name, value, { secure: location.protocol === 'https:', ...options })
  },
  remove(name: string, path = '/') {
    if (typeof document === 'undefined') return
    document.cookie = deleteCookieString(name, path)
  },
}

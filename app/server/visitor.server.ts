/**
 * Who is asking, read from the request once for every use: the address for the
 * backend's flood checks and rate limits (forms, comments, accounts) and SPEC §7's
 * hidden-field string (referrer or "No Referrer", IP, country code, platform, user
 * agent). DESIGN.md: IP and country come from the request on the server (proxy and CDN
 * headers), never from the browser calling a CDN trace endpoint. The readers below are
 * pure; `requestVisitor()` applies them to the request being handled.
 */
import { getRequestHeader, getRequestIP } from '@tanstack/react-start/server'

export interface VisitorContext {
  referrer: string
  ip: string
  country: string
  platform: string
  userAgent: string
}

type HeaderReader = (name: string) => string | null | undefined

const MAX_PART = 500
const clean = (value: string) =>
  value
    // oxlint-disable-next-line no-control-regex -- control characters are what this strips
    .replace(/[\u0000-\u001f\u007f|]+/g, ' ')
    .trim()
    .slice(0, MAX_PART)

const ipPattern = /^[0-9a-f:.]{2,45}$/i

/** The visitor's address: the CDN's own header first, then the proxy chain, then the socket. */
export function visitorIp(header: HeaderReader, socketIp: string | null | undefined): string {
  const candidates = [
    header('x-nf-client-connection-ip'),
    header('cf-connecting-ip'),
    header('x-vercel-forwarded-for')?.split(',')[0],
    header('x-real-ip'),
    header('x-forwarded-for')?.split(',')[0],
    socketIp,
  ]
  for (const candidate of candidates) {
    const value = candidate?.trim().replace(/^::ffff:/, '')
    if (value && ipPattern.test(value)) return value
  }
  return ''
}

/** Two-letter country code from Vercel, Cloudflare, CloudFront or Netlify headers. */
export function visitorCountry(header: HeaderReader): string {
  const direct = [header('x-vercel-ip-country'), header('cf-ipcountry'), header('cloudfront-viewer-country'), header('x-country-code')]
  for (const candidate of direct) {
    const value = candidate?.trim().toUpperCase()
    if (value && /^[A-Z]{2}$/.test(value) && value !== 'XX') return value
  }
  const netlify = header('x-nf-geo')
  if (netlify) {
    try {
      const geo: unknown = JSON.parse(atob(netlify))
      const code = typeof geo === 'object' && geo && 'country' in geo ? (geo.country as { code?: unknown } | null)?.code : undefined
      if (typeof code === 'string' && /^[A-Z]{2}$/.test(code)) return code
    } catch {
      // Not base64 JSON: no country.
    }
  }
  return ''
}

/** The operating system, from the client hint when the browser sends it, else the user agent. */
export function visitorPlatform(header: HeaderReader): string {
  const hint = header('sec-ch-ua-platform')?.replace(/"/g, '').trim()
  if (hint) return clean(hint)
  const agent = header('user-agent') ?? ''
  if (/iPhone|iPad|iPod/.test(agent)) return 'iOS'
  if (/Android/.test(agent)) return 'Android'
  if (/CrOS/.test(agent)) return 'Chrome OS'
  if (/Windows/.test(agent)) return 'Windows'
  if (/Mac OS X|Macintosh/.test(agent)) return 'macOS'
  if (/Linux/.test(agent)) return 'Linux'
  return ''
}

export function visitorContext(header: HeaderReader, socketIp: string | null | undefined, referrer: string): VisitorContext {
  return {
    referrer,
    ip: visitorIp(header, socketIp),
    country: visitorCountry(header),
    platform: visitorPlatform(header),
    userAgent: header('user-agent') ?? '',
  }
}

/** "Referrer: … | IP: … | Country: … | Platform: … | User agent: …", each part bounded and free of separators. */
export function hiddenFieldString(visitor: VisitorContext): string {
  const part = (value: string) => clean(value) || 'Unknown'
  return [
    `Referrer: ${clean(visitor.referrer) || 'No Referrer'}`,
    `IP: ${part(visitor.ip)}`,
    `Country: ${part(visitor.country)}`,
    `Platform: ${part(visitor.platform)}`,
    `User agent: ${part(visitor.userAgent)}`,
  ].join(' | ')
}

/** The visitor of the request being handled (server functions and server routes only). */
export function requestVisitor(referrer = ''): VisitorContext {
  return visitorContext((name) => getRequestHeader(name), getRequestIP() ?? null, referrer)
}

/**
 * Who is asking, read from the request once for every use: the address for rate limits
 * and the backend's flood checks (forms, comments, accounts), the protocol, and requirements §7's
 * hidden-field string (referrer or "No Referrer", IP, country code, platform, user agent).
 * Requirements §10.4: IP and country come from the request on the server, never from the browser
 * calling a CDN trace endpoint: the country from a trusted platform's header, else from the
 * offline IP-to-country database (geo-country.server.ts). Which proxy headers are believed is TRUST_PROXY,
 * and nothing else in the site reads them; anyone can send any header, so with `none` the
 * address is the socket's. The readers below are pure; `requestVisitor()` applies them to
 * the request being handled.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { getRequest, getRequestHeader, getRequestIP } from '@tanstack/react-start/server'
import type { Env } from '../../config/env'
import { env } from '../env.server'
import { countryOfAddress } from './geo-country.server'

export interface VisitorContext {
  referrer: string
  ip: string
  country: string
  platform: string
  userAgent: string
}

export type TrustProxy = Env['TRUST_PROXY']

/** Who the client is, by the TRUST_PROXY rule. */
export interface Client {
  ip: string
  country: string
  protocol: 'http' | 'https'
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

function validIp(candidate: string | null | undefined): string {
  const value = candidate
    ?.trim()
    .replace(/^::ffff:/, '')
    .replace(/^\[(.*)\]$/, '$1')
  return value && ipPattern.test(value) ? value : ''
}

function validCountry(candidate: string | null | undefined): string {
  const value = candidate?.trim().toUpperCase()
  return value && /^[A-Z]{2}$/.test(value) && value !== 'XX' ? value : ''
}

/** The Nth entry from the right of a comma list (the one the Nth trusted proxy appended); the leftmost when there are fewer. */
function fromRight(list: string | null | undefined, hops: number): string | undefined {
  const entries = (list ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  return entries.length === 0 ? undefined : entries[Math.max(0, entries.length - hops)]
}

/** Netlify's geo header: base64 JSON with `country.code`. */
function netlifyCountry(header: HeaderReader): string {
  const geo = header('x-nf-geo')
  if (!geo) return ''
  try {
    const parsed: unknown = JSON.parse(atob(geo))
    const country = typeof parsed === 'object' && parsed && 'country' in parsed ? parsed.country : undefined
    const code = typeof country === 'object' && country && 'code' in country ? country.code : undefined
    return typeof code === 'string' ? validCountry(code) : ''
  } catch {
    return ''
  }
}

/**
 * The client by the TRUST_PROXY rule: `none` the socket (no header believed), a CDN its
 * own headers (which it sets and overwrites), a hop count N the Nth X-Forwarded-For entry
 * from the right. `socketProtocol` is the connection's own (the request URL's scheme).
 */
export function clientFrom(trust: TrustProxy, header: HeaderReader, socketIp: string | null | undefined, socketProtocol: string): Client {
  const own = socketProtocol.replace(/:$/, '') === 'https' ? 'https' : 'http'
  const forwardedProto = (value: string | null | undefined): Client['protocol'] =>
    value === 'https' ? 'https' : value === 'http' ? 'http' : own
  switch (trust) {
    case 'none':
      return { ip: validIp(socketIp), country: '', protocol: own }
    case 'netlify':
      return {
        ip: validIp(header('x-nf-client-connection-ip')) || validIp(socketIp),
        country: validCountry(header('x-country')) || netlifyCountry(header),
        protocol: forwardedProto(fromRight(header('x-forwarded-proto'), 1)),
      }
    case 'vercel':
      return {
        ip: validIp(header('x-real-ip')) || validIp(fromRight(header('x-vercel-forwarded-for'), 1)) || validIp(socketIp),
        country: validCountry(header('x-vercel-ip-country')),
        protocol: forwardedProto(fromRight(header('x-forwarded-proto'), 1)),
      }
    case 'cloudflare':
      return {
        ip: validIp(header('cf-connecting-ip')) || validIp(socketIp),
        country: validCountry(header('cf-ipcountry')),
        protocol: forwardedProto(fromRight(header('x-forwarded-proto'), 1)),
      }
    default:
      return {
        ip: validIp(fromRight(header('x-forwarded-for'), trust)) || validIp(socketIp),
        country: '',
        protocol: forwardedProto(fromRight(header('x-forwarded-proto'), trust)),
      }
  }
}

/** The operating system, from the client hint when the browser sends it, else the user agent. */
function visitorPlatform(header: HeaderReader): string {
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

export function visitorContext(header: HeaderReader, client: Client, referrer: string): VisitorContext {
  return {
    referrer,
    ip: client.ip,
    country: client.country,
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

/**
 * The socket's address of the request being handled, set by the server entry: the
 * request a server function sees may be a copy (a bounded body, a locale rewrite) that no
 * longer carries the runtime's `ip`.
 */
export const socketAddress = new AsyncLocalStorage<string | null>()

/** The runtime's socket address of a request as the server receives it (srvx on Node sets `ip`). */
export function socketIpOf(request: Request): string | null {
  return 'ip' in request && typeof request.ip === 'string' ? request.ip : null
}

/** The client of a request in the server entry, before Start has an event for it. */
export function clientOfRequest(request: Request, socketIp: string | null): Client {
  return clientFrom(env.TRUST_PROXY, (name) => request.headers.get(name), socketIp, new URL(request.url).protocol)
}

/** The client of the request being handled (server functions and server routes only). */
export function requestClient(): Client {
  const request = getRequest()
  return clientFrom(
    env.TRUST_PROXY,
    (name) => getRequestHeader(name),
    socketAddress.getStore() ?? getRequestIP() ?? null,
    new URL(request.url).protocol,
  )
}

/** The visitor of the request being handled (server functions and server routes only). */
export function requestVisitor(referrer = ''): VisitorContext {
  return visitorContext((name) => getRequestHeader(name), requestClient(), referrer)
}

/**
 * The visitor with a country: a trusted platform's header when TRUST_PROXY names one that
 * sent it, else the offline database's country for the address (requirements §10.4; on a
 * plain Node server no header names it). `lookup` is the database (geo-country.server.ts).
 */
export async function withCountry(visitor: VisitorContext, lookup: (ip: string) => Promise<string>): Promise<VisitorContext> {
  if (visitor.country) return visitor
  return { ...visitor, country: validCountry(await lookup(visitor.ip)) }
}

/** requestVisitor() with its country, for the hidden-field string. */
export function requestVisitorWithCountry(referrer = ''): Promise<VisitorContext> {
  return withCountry(requestVisitor(referrer), countryOfAddress)
}

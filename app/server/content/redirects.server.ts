/**
 * The editor's redirects on the server (docs/content-api.md, Redirects; docs/decisions/025).
 * The rules come through the content source's data cache, so they are kept like every other
 * answer and read again after a revalidation; the compiled table is rebuilt only when the
 * rules are a new answer. The server entry answers a redirect before the HTML cache or the
 * renderer; fetchPage applies the same table to the browser's navigations.
 */
import { FastResponse } from 'srvx'
import { createRedirectTable, type RedirectDecision, type RedirectTable, type WireRedirect } from '../../contract/redirects'
import { siteConfig } from '../../config/site'
import { redactLogText } from '../../lib/log-redaction'
import { localizePath } from '../../lib/url'
import type { Locale } from '../../paraglide/runtime'
import { getContentSource } from './get-content-source.server'
import { EDITOR_OFFSITE_REDIRECT } from '../http/edge-headers.server'
import { forgetReplays } from '../http/replay.server'
import { env } from '../env.server'

let current: { rules: unknown[]; table: RedirectTable } | null = null

function logRefused(rule: WireRedirect, reason: string) {
  const target = rule.target ? ` → ${rule.target.slice(0, 200)}` : ''
  console.error(redactLogText(`[redirects] refused the redirect ${rule.source.slice(0, 200)}${target}: ${reason}`))
}

async function table(): Promise<RedirectTable> {
  const rules = await getContentSource().getRedirects()
  if (current?.rules !== rules) {
    const ownOrigins = env.SITE_URL ? [new URL(env.SITE_URL).origin] : []
    current = { rules, table: createRedirectTable(rules, { ownOrigins, onRefused: logRefused }) }
    // A page answered before may be a redirect now: nothing is sent again as it was (replay.server.ts).
    forgetReplays()
  }
  return current.table
}

/** The site's own endpoints and build files are never redirected; pages and anything else may be. */
const NOT_REDIRECTED = /^\/(?:_serverFn|api|assets|@|__)(?:\/|$)/

/** What the editor's rules say about a page request, or null. */
export async function redirectFor(url: URL): Promise<RedirectDecision | null> {
  if (NOT_REDIRECTED.test(url.pathname)) return null
  return (await table()).decide(url)
}

/** The rules applied to a page the browser navigates to (no query: the page's name and locale are all it sends). */
export function redirectForPage(origin: string, pageName: string, locale: Locale): Promise<RedirectDecision | null> {
  const path = pageName === siteConfig.content.homeSlug ? '/' : `/${pageName.split('/').map(encodeURIComponent).join('/')}`
  return redirectFor(new URL(localizePath(path, locale), origin))
}

/**
 * The answer to a redirect. Browsers keep a 301 without a lifetime for good, so every
 * redirect says how long it may be kept: an editor who removes one sees it gone within minutes.
 */
export function redirectResponse(decision: Extract<RedirectDecision, { kind: 'redirect' }>): Response {
  const headers: Record<string, string> = {
    location: decision.location,
    'cache-control': `public, max-age=${siteConfig.cache.redirectMaxAgeSeconds}`,
  }
  // The edge makes every Location same-origin; this one the editor chose off-site (edge-headers.server.ts).
  if (!decision.location.startsWith('/')) headers[EDITOR_OFFSITE_REDIRECT] = '1'
  return new FastResponse(null, { status: decision.status, headers })
}

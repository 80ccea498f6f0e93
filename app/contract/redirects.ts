/**
 * Redirects an editor manages in the backend (docs/content-api.md, `GET /api/v1/redirects`;
 * docs/decisions/025): the backend lists its rules, the site matches them before it renders
 * anything. The matching follows the Redirection plugin's rules for its "URL only" redirects,
 * so a rule behaves on the site as it did on the WordPress front end:
 *
 * - a plain rule compares the decoded path (optionally ignoring case and a trailing slash)
 *   and the query: every parameter of the source must be in the request with the same
 *   value; `exact` allows no other parameter, `exactorder` also keeps their order,
 *   `ignore` allows others, `pass` allows them and adds them to the target;
 * - a regex rule matches the whole requested URL (path and query) and its target is the
 *   result of replacing the match in it (PHP's `preg_replace`: `$1`, `\1`, `${1}`);
 * - the first matching rule wins, in the backend's order.
 *
 * A rule that would send the visitor in a loop, or to another host than one the editor
 * wrote as an absolute URL, is refused: the request is answered as if the rule did not exist.
 */
import { z } from 'zod'

const redirectStatuses = [301, 302, 303, 307, 308, 410] as const
type RedirectStatus = (typeof redirectStatuses)[number]

/** One rule on the wire. */
export const wireRedirect = z.object({
  /** A plain rule: a path, optionally with a query (`/old?ref=mail`). A regex rule: the pattern. */
  source: z.string().min(1).max(2_000),
  regex: z.boolean().default(false),
  ignore_case: z.boolean().default(false),
  ignore_trailing_slash: z.boolean().default(false),
  query: z.enum(['exact', 'exactorder', 'ignore', 'pass']).default('exact'),
  /** A site path (`/new`), or an absolute URL for an off-site target; null with 410. */
  target: z.string().min(1).max(2_000).nullable().default(null),
  status: z.literal(redirectStatuses),
})
export type WireRedirect = z.infer<typeof wireRedirect>

/**
 * The answer. Each rule is checked on its own (`rules` are unknown here): one rule the site
 * cannot read is left out with a log line, never the whole list.
 */
export const wireRedirectsResponse = z.object({
  result: z.object({ redirects: z.array(z.unknown()).max(10_000) }),
})
/** The strict shape, for the published JSON Schema. */
export const wireRedirectsContract = z.object({ result: z.object({ redirects: z.array(wireRedirect).max(10_000) }) })

export type RedirectDecision = { kind: 'redirect'; status: Exclude<RedirectStatus, 410>; location: string } | { kind: 'gone' }

/** A request longer than this is not matched against regex rules (a pattern's cost grows with its input). */
const MAX_REGEX_INPUT = 2_000
/** A chain longer than this is treated as a loop. */
const MAX_HOPS = 10

interface QueryParam {
  key: string
  value: string | null
}

interface CompiledRule {
  rule: WireRedirect
  /** A regex rule's pattern, global as preg_replace is. */
  pattern: RegExp | null
  /** A plain rule's decoded path and its parameters. */
  path: string
  params: QueryParam[]
  rawQuery: string
  /** The replacement for String.replace (PHP's syntax turned into JavaScript's). */
  replacement: string
  /** The host the editor wrote as an absolute URL, the only other host the rule may lead to. */
  offSiteHost: string | null
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

function splitQuery(url: string): [string, string] {
  const at = url.indexOf('?')
  return at < 0 ? [url, ''] : [url.slice(0, at), url.slice(at + 1)]
}

function parseQuery(query: string): QueryParam[] {
  if (!query) return []
  return query
    .split('&')
    .filter(Boolean)
    .map((part) => {
      const at = part.indexOf('=')
      const key = safeDecode((at < 0 ? part : part.slice(0, at)).replace(/\+/g, ' '))
      return { key, value: at < 0 ? null : safeDecode(part.slice(at + 1).replace(/\+/g, ' ')) }
    })
}

/** The path part of a source as Redirection reads it: host dropped, query dropped, decoded. */
function sourcePath(source: string): string {
  const withoutHost = /^https?:\/\//i.test(source) ? `/${source.replace(/^https?:\/\/[^/]*\/?/i, '')}` : source
  return safeDecode(splitQuery(withoutHost)[0])
}

const withoutTrailingSlash = (path: string) => (path === '/' ? path : path.replace(/\/$/, ''))

/** PHP's replacement syntax (`$1`, `\1`, `${1}`, `$0`) in JavaScript's, other `$` kept literal. */
function toJsReplacement(target: string): string {
  return target.replace(/\$\{(\d{1,2})\}|\$(\d{1,2})|\\(\d{1,2})|\$/g, (whole, braced?: string, dollar?: string, slash?: string) => {
    const group = braced ?? dollar ?? slash
    if (group === undefined) return '$$'
    return group === '0' ? '$&' : `$${group}`
  })
}

function offSiteHostOf(target: string | null): string | null {
  if (!target) return null
  const match = /^https?:\/\/([^/?#]+)/i.exec(target)
  // A host built from the request (`https://$1`) is not one the editor chose.
  if (!match?.[1] || /[$\\]/.test(match[1])) return null
  return match[1].toLowerCase()
}

function compile(rule: WireRedirect): CompiledRule | string {
  let pattern: RegExp | null = null
  if (rule.regex) {
    try {
      pattern = new RegExp(safeDecode(rule.source), `gs${rule.ignore_case ? 'i' : ''}`)
    } catch {
      return 'its pattern is not a valid regular expression here'
    }
  }
  if (rule.status !== 410 && !rule.target) return 'it has no target'
  const [, rawQuery] = splitQuery(rule.source)
  return {
    rule,
    pattern,
    path: rule.regex ? '' : sourcePath(rule.source),
    params: rule.regex ? [] : parseQuery(rawQuery),
    rawQuery,
    replacement: rule.target ? toJsReplacement(rule.target) : '',
    offSiteHost: offSiteHostOf(rule.target),
  }
}

const same = (a: string | null, b: string | null, ignoreCase: boolean) =>
  ignoreCase && a !== null && b !== null ? a.toLowerCase() === b.toLowerCase() : a === b

function queryMatches(compiled: CompiledRule, requestQuery: string): boolean {
  const { rule, params } = compiled
  if (rule.query === 'exactorder') return same(compiled.rawQuery, requestQuery, rule.ignore_case)
  const requested = parseQuery(requestQuery)
  // Keys are compared without case, as Redirection does; values by the rule's case flag.
  const find = (list: QueryParam[], key: string) => list.find((param) => param.key.toLowerCase() === key.toLowerCase())
  for (const param of params) {
    const other = find(requested, param.key)
    if (!other || !same(param.value, other.value, rule.ignore_case)) return false
  }
  if (rule.query === 'ignore' || rule.query === 'pass') return true
  return requested.every((param) => find(params, param.key) !== undefined)
}

function pathMatches(compiled: CompiledRule, requestPath: string): boolean {
  let source = compiled.path
  let target = requestPath
  if (compiled.rule.ignore_trailing_slash) {
    source = withoutTrailingSlash(source)
    target = withoutTrailingSlash(target)
  }
  return compiled.rule.ignore_case ? source.toLowerCase() === target.toLowerCase() : source === target
}

/** `pass`: the request's parameters the target does not set itself, added to it. */
function passQuery(target: string, requestQuery: string): string {
  const [, targetQuery] = splitQuery(target.split('#')[0] ?? target)
  const own = new Set(parseQuery(targetQuery).map((param) => param.key))
  const extra = requestQuery.split('&').filter((part) => part && !own.has(safeDecode((part.split('=')[0] ?? '').replace(/\+/g, ' '))))
  if (extra.length === 0) return target
  const [beforeHash, hash] = [target.split('#')[0] ?? target, target.includes('#') ? target.slice(target.indexOf('#')) : '']
  return `${beforeHash}${beforeHash.includes('?') ? '&' : '?'}${extra.join('&')}${hash}`
}

/** The target of the first rule that matches a request (its decoded path and raw query), before any check. */
function firstMatch(rules: CompiledRule[], path: string, query: string): { compiled: CompiledRule; target: string | null } | null {
  const requested = query ? `${path}?${query}` : path
  for (const compiled of rules) {
    const { rule, pattern } = compiled
    if (pattern) {
      if (requested.length > MAX_REGEX_INPUT) continue
      pattern.lastIndex = 0
      if (!pattern.test(requested)) continue
      pattern.lastIndex = 0
      return { compiled, target: rule.target === null ? null : requested.replace(pattern, compiled.replacement) }
    }
    if (!pathMatches(compiled, path) || !queryMatches(compiled, query)) continue
    if (rule.target === null) return { compiled, target: null }
    return { compiled, target: rule.query === 'pass' ? passQuery(rule.target, query) : rule.target }
  }
  return null
}

export interface RedirectTable {
  readonly size: number
  /** What to answer a request for `url` (path and query as the visitor sent them), or null: no rule applies. */
  decide(url: URL): RedirectDecision | null
}

export interface RedirectTableOptions {
  /** Origins that are the site itself: an absolute target on one of them is a path. */
  ownOrigins: readonly string[]
  /** Told once per rule why it is left out or refused. */
  onRefused: (rule: WireRedirect, reason: string) => void
}

/** The rules, read and compiled once per answer of the backend. */
export function createRedirectTable(rules: readonly unknown[], options: RedirectTableOptions): RedirectTable {
  const compiled: CompiledRule[] = []
  for (const raw of rules) {
    const parsed = wireRedirect.safeParse(raw)
    if (!parsed.success) {
      const source = typeof raw === 'object' && raw !== null && 'source' in raw ? String(raw.source).slice(0, 200) : '?'
      options.onRefused({ source, target: null, status: 410 } as WireRedirect, 'it is outside the contract')
      continue
    }
    const rule = compile(parsed.data)
    if (typeof rule === 'string') options.onRefused(parsed.data, rule)
    else compiled.push(rule)
  }
  const refused = new Set<CompiledRule>()
  const refuse = (rule: CompiledRule, reason: string) => {
    if (!refused.has(rule)) options.onRefused(rule.rule, reason)
    refused.add(rule)
    return null
  }

  /** A target on the site, as a path and query; null when it leads off the site. */
  function onSite(target: string, origin: string): URL | null {
    try {
      const url = new URL(target, origin)
      return url.origin === origin || options.ownOrigins.includes(url.origin) ? url : null
    } catch {
      return null
    }
  }

  function decide(url: URL): RedirectDecision | null {
    if (compiled.length === 0) return null
    const start = `${url.pathname}${url.search}`
    let match = firstMatch(compiled, safeDecode(url.pathname), url.search.slice(1))
    if (!match) return null
    const first = match.compiled
    if (match.target === null) return { kind: 'gone' }
    const status = first.rule.status as Exclude<RedirectStatus, 410>
    // Protocol-relative or backslashed targets are another host in a browser's eyes.
    if (/^[/\\]{2}|^\/\\/.test(match.target)) return refuse(first, `it leads to another host (${match.target.slice(0, 200)})`)
    const local = onSite(match.target, url.origin)
    if (!local) {
      const host = /^https?:\/\/([^/?#]+)/i.exec(match.target)?.[1]?.toLowerCase() ?? null
      if (host && host === first.offSiteHost) {
        try {
          // Parsed and written again: the header carries a URL, never what the field held verbatim.
          return { kind: 'redirect', status, location: new URL(match.target).href }
        } catch {
          return refuse(first, `its target is not a URL (${match.target.slice(0, 200)})`)
        }
      }
      return refuse(first, `it leads to another host (${match.target.slice(0, 200)})`)
    }
    const location = `${local.pathname}${local.search}${local.hash}`
    // Follow the chain the visitor would: back to where they started, or on and on, is a loop.
    const seen = new Set([start])
    let next = local
    for (let hop = 0; hop < MAX_HOPS; hop++) {
      const key = `${next.pathname}${next.search}`
      if (seen.has(key)) return refuse(first, `it leads back to ${start.slice(0, 200)} (a loop)`)
      seen.add(key)
      match = firstMatch(compiled, safeDecode(next.pathname), next.search.slice(1))
      if (!match || match.target === null) return { kind: 'redirect', status, location }
      const onward = onSite(match.target, url.origin)
      if (!onward) return { kind: 'redirect', status, location }
      next = onward
    }
    return refuse(first, `it starts a chain of more than ${MAX_HOPS} redirects`)
  }

  return { size: compiled.length, decide }
}

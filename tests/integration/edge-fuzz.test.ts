/**
 * Property-based fuzz of the production server (requirements §11.2; `npm run build`
 * first): arbitrary methods, paths (`..`, `%2e%2e`, `//`, backslashes, unicode, control
 * characters, very long segments), query strings and headers (Accept-Language, Cookie,
 * Accept-Encoding, X-Forwarded-*). Whatever arrives:
 *   - never a 5xx (the backend is up in this test);
 *   - never a `Location` off this origin;
 *   - never a `<script` from the input reflected in the body;
 *   - never a backend call outside the contract's endpoints (docs/content-api.md): the
 *     embedded CMS runs as its own process behind a proxy that records every call.
 * FUZZ_SEED and FUZZ_RUNS replay or lengthen a run; a failure prints its seed and path.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SLUG } from '../../app/contract/page-name'
import { rawRequest, startCms, startRecordingProxy, startSite, type RecordingBackend } from '../support/edge-servers'
import type { TestServer } from '../support/test-server'

const BASE_PORT = Number(process.env.EDGE_FUZZ_PORT ?? 4415)
const RUNS = Number(process.env.FUZZ_RUNS ?? 2000)
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED)
const work = mkdtempSync(path.join(tmpdir(), 'site-fuzz-'))
const servers: TestServer[] = []
let backend: RecordingBackend
let origin: string

beforeAll(async () => {
  if (!existsSync('.output/server/index.mjs')) throw new Error('Build first: npm run build')
  servers.push(await startCms(BASE_PORT + 1, path.join(work, 'cms.db')))
  backend = await startRecordingProxy(BASE_PORT + 2, `http://127.0.0.1:${BASE_PORT + 1}`)
  servers.push(
    await startSite(BASE_PORT, {
      NODE_ENV: 'production',
      CONTENT_API_URL: backend.origin,
      CMS_DATABASE_URL: `file:${path.join(work, 'site.db')}`,
      CMS_UPLOAD_DIR: path.join(work, 'uploads'),
    }),
  )
  origin = `http://127.0.0.1:${BASE_PORT}`
}, 120_000)

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()))
  await backend?.close()
  rmSync(work, { recursive: true, force: true })
})

/* ------------------------------------------------------------------ the contract */

/** A path segment as the site sends it: a slug, percent-encoded (encodeURIComponent). */
const slugSegment = (segment: string) => {
  try {
    return SLUG.test(decodeURIComponent(segment))
  } catch {
    return false
  }
}
const slugPath = (rest: string) => rest.split('/').every(slugSegment)

/** Every call the site may make to the backend (docs/content-api.md), by method and path. */
function inContract(call: string): boolean {
  const [method = '', target = ''] = call.split(' ')
  const pathname = target.split('?')[0] ?? ''
  if (/(^|\/)(\.|%2e){1,2}(\/|$)/i.test(pathname) || pathname.includes('//')) return false
  const get = method === 'GET'
  const post = method === 'POST'
  let match: RegExpExecArray | null
  if (get && (match = /^\/api\/v1\/base\/(.+)$/.exec(pathname))) return slugPath(match[1]!)
  if (get && (match = /^\/api\/v1\/layout(\/.*)?$/.exec(pathname))) return !match[1] || match[1] === '/' || slugPath(match[1].slice(1))
  if (get && (match = /^\/api\/v1\/popups\/([A-Za-z0-9_-]{1,64})$/.exec(pathname))) return true
  // A routed content type's listing or item (decision 029): a type name, then at most one slug.
  if (get && (match = /^\/api\/v1\/items\/[a-z0-9_-]{1,20}(\/[^/]+)?$/.exec(pathname))) return !match[1] || slugSegment(match[1].slice(1))
  if (get && ['/api/v1/posts', '/api/wp/v2/tags', '/api/v1/sitemap', '/api/v1/redirects'].includes(pathname)) return true
  if (post && /^\/api\/gf\/v2\/forms\/[A-Za-z0-9_-]{1,64}\/submissions$/.test(pathname)) return true
  if (post && pathname === '/wp-comments-post.php') return true
  if (post && /^\/api\/user\/(register|login|forgot|reset-password|logout|me)$/.test(pathname)) return true
  return false
}

/* ------------------------------------------------------------------ the inputs */

/** What a payload would run if reflected: the body must never hold it. */
const MARK = 'fuzzxss'
const SCRIPT = `<script>${MARK}()</script>`

const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 40 })
const anyText = fc.string({ unit: 'binary', maxLength: 30 })

const segment = fc.oneof(
  fc.constantFrom(
    'about',
    'services',
    'contact',
    'blog',
    'category',
    'tag',
    'guides',
    'security',
    'de',
    'en',
    'fr',
    'login',
    'reset-password',
    'sitemaps',
    'sitemap.xml',
    'rss.xml',
    'robots.txt',
    'favicon.svg',
    'assets',
    '_serverFn',
    'api',
    'revalidate',
    'wp-admin',
    '..',
    '.',
    '%2e%2e',
    '%2E%2e',
    '%2e',
    '..%2f..',
    '%2f',
    '%5c',
    '\\',
    '..\\..',
    '',
    '%00',
    '%0d%0a',
    '%',
    '%zz',
    'über',
    '%C3%BC',
    '%F0%9F%98%80',
    '%ED%A0%80',
    SCRIPT,
    encodeURIComponent(SCRIPT),
    'popup-x',
    'a'.repeat(3000),
    'evil.example',
  ),
  printable,
  anyText,
)

/** What HTTP cannot carry raw (controls, spaces, beyond ASCII) percent-encoded; `<`, `"`, `%`, `\\` stay as they are. */
const sendable = (text: string) =>
  text.replace(/[^\x21-\x7e]/gu, (char) => {
    try {
      return encodeURIComponent(char)
    } catch {
      return '%EF%BF%BD'
    }
  })

/** A raw request path: segments joined by `/`, led by one or more slashes or a backslash. */
const rawPath = fc
  .tuple(fc.array(segment, { maxLength: 6 }), fc.constantFrom('/', '//', '/\\', '///'), fc.boolean())
  .map(([segments, lead, trailing]) => sendable(lead + segments.join('/') + (trailing ? '/' : '')))

const queryKey = fc.constantFrom(
  's',
  'p',
  'page',
  'preview',
  'preview_id',
  'expires',
  'token',
  'dev',
  'lang',
  'utm_source',
  'userId',
  'passToken',
  'x',
)
const queryValue = fc.oneof(
  fc.constantFrom('true', '1', '0', '-1', '99999999999999999999', 'de', SCRIPT, 'a'.repeat(2000), '%', '%00'),
  printable,
  anyText,
)
/** Each value encoded as a browser would, or sent raw (`<script>` and a lone `%` included). */
const query = fc
  .array(fc.tuple(queryKey, queryValue, fc.boolean()), { maxLength: 5 })
  .map((pairs) =>
    pairs.length === 0
      ? ''
      : `?${pairs.map(([key, value, raw]) => `${key}=${raw ? sendable(value) : encodeURIComponent(value)}`).join('&')}`,
  )

const headerValue = fc.oneof(
  fc.constantFrom('', 'de', 'de-DE,de;q=0.9', '*', SCRIPT, 'evil.example', 'https', '1.2.3.4, 5.6.7.8'),
  printable,
)
const headers = fc.record(
  {
    'accept-language': headerValue,
    cookie: fc.oneof(
      fc.constantFrom('lang=de', 'lang=fr', `lang=${encodeURIComponent(SCRIPT)}`, 'dev_mode=1', 'session=x', 'cookie_control_consent=true'),
      printable,
    ),
    'accept-encoding': fc.constantFrom('gzip', 'br', 'identity', 'br;q=0, gzip', 'zstd', '*', 'garbage'),
    'x-forwarded-for': headerValue,
    'x-forwarded-host': headerValue,
    'x-forwarded-proto': headerValue,
    'sec-fetch-dest': fc.constantFrom('document', 'empty', 'script'),
    'content-type': fc.constantFrom(
      'application/json',
      'multipart/form-data; boundary=x',
      'text/plain',
      'application/x-www-form-urlencoded',
    ),
  },
  { requiredKeys: [] },
)
const method = fc.oneof(
  { weight: 6, arbitrary: fc.constant('GET') },
  { weight: 1, arbitrary: fc.constantFrom('HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS') },
)
const request = fc.record({ method, path: rawPath, query, headers, body: fc.option(printable, { nil: undefined }) })

/* ------------------------------------------------------------------ the property */

describe('fuzzing the production server', () => {
  it(`never a 5xx, an off-site Location, a reflected <script or a backend call outside the contract (${RUNS} requests)`, async () => {
    let sent = 0
    await fc.assert(
      fc.asyncProperty(request, async ({ method, path, query, headers, body }) => {
        const target = path + query
        const calls = backend.calls.length
        const answer = await rawRequest(origin, method, target, headers, method === 'GET' || method === 'HEAD' ? undefined : body)
        sent++
        const what = `${method} ${target.slice(0, 300)}`
        expect(answer.status, `${what}: ${answer.body.slice(0, 200)}`).toBeLessThan(500)
        const location = typeof answer.headers.location === 'string' ? answer.headers.location : '/'
        expect(new URL(location, origin).origin, `${what} → ${location}`).toBe(origin)
        expect(answer.body.toLowerCase(), what).not.toContain(`<script>${MARK}`)
        for (const call of backend.calls.slice(calls)) expect(inContract(call), `${what} made the backend call ${call}`).toBe(true)
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    )
    expect(sent).toBe(RUNS)
    // The contract check saw real traffic.
    expect(backend.calls.length).toBeGreaterThan(0)
  }, 180_000)

  it('the contract check itself refuses a traversal', () => {
    expect(inContract('GET /api/v1/base/about?locale=en')).toBe(true)
    expect(inContract('GET /api/v1/base/%C3%BCber')).toBe(true)
    expect(inContract('GET /api/v1/base/..%2F..%2Fwp-json%2Fwp%2Fv2%2Fusers')).toBe(false)
    expect(inContract('GET /api/v1/base/../users')).toBe(false)
    expect(inContract('GET /api/v1/base/%2e%2e/users')).toBe(false)
    expect(inContract('GET /api/v1/items/case_study')).toBe(true)
    expect(inContract('GET /api/v1/items/case_study/northgate')).toBe(true)
    expect(inContract('GET /api/v1/items/case_study/..%2Fusers')).toBe(false)
    expect(inContract('GET /api/v1/items/case_study/a/b')).toBe(false)
    expect(inContract('GET /wp-json/wp/v2/users')).toBe(false)
  })
})

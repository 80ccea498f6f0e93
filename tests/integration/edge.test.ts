/**
 * The server's edge against the production build (`npm run build` first):
 * redirects stay on this origin, unexpected methods and sizes get proper answers, every
 * answer carries the security headers (HSTS over HTTPS only), account pages are never
 * stored, and the log holds no search term or token.
 *
 * Servers: the embedded CMS as its own process behind a recording proxy (which can play
 * dead), the site over HTTP without NODE_ENV (as `npm start` runs it), and the same
 * build over HTTPS with a self-signed certificate. Ports: EDGE_TEST_PORT and the next four.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { connect as tcpConnect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { connect as tlsConnect } from 'node:tls'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { previewQuery } from '../../app/contract/preview-token.server'
import { securityHeaders } from '../../app/server/http/security-headers.server'
import { serverFnId } from '../support/built-site'
import { rawRequest, startCms, startRecordingProxy, startSite, type RawAnswer, type RecordingBackend } from '../support/edge-servers'
import type { TestServer } from '../support/test-server'

const BASE_PORT = Number(process.env.EDGE_TEST_PORT ?? 4410)
const work = mkdtempSync(path.join(tmpdir(), 'site-edge-'))
const servers: TestServer[] = []
let backend: RecordingBackend | undefined
let site: TestServer
let origin: string
let tlsOrigin: string

const HSTS = 'max-age=63072000; includeSubDomains'
const PREVIEW_SECRET = 'edge-test-preview-secret-0123456789abcdef'

beforeAll(async () => {
  if (!existsSync('.output/server/index.mjs')) throw new Error('Build first: npm run build')
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-keyout',
      path.join(work, 'key.pem'),
      '-out',
      path.join(work, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  )
  const tls = { cert: readFileSync(path.join(work, 'cert.pem'), 'utf8'), key: readFileSync(path.join(work, 'key.pem'), 'utf8') }
  servers.push(await startCms(BASE_PORT + 1, path.join(work, 'cms.db')))
  backend = await startRecordingProxy(BASE_PORT + 2, `http://127.0.0.1:${BASE_PORT + 1}`)
  const siteEnv = {
    CONTENT_API_URL: backend.origin,
    CONTENT_TIMEOUT_MS: '2000',
    CMS_DATABASE_URL: `file:${path.join(work, 'site.db')}`,
    CMS_UPLOAD_DIR: path.join(work, 'uploads'),
    PREVIEW_SECRET,
  }
  // No NODE_ENV: what `npm start` does.
  site = await startSite(BASE_PORT, siteEnv)
  servers.push(site)
  origin = `http://127.0.0.1:${BASE_PORT}`
  servers.push(await startSite(BASE_PORT + 3, siteEnv, tls))
  tlsOrigin = `https://127.0.0.1:${BASE_PORT + 3}`
}, 120_000)

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()))
  await backend?.close()
  rmSync(work, { recursive: true, force: true })
})

const header = (answer: RawAnswer, name: string) => {
  const value = answer.headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

function expectSecurityHeaders(answer: RawAnswer, what: string) {
  for (const [name, value] of Object.entries(securityHeaders)) expect(header(answer, name.toLowerCase()), `${what}: ${name}`).toBe(value)
}

describe('redirects stay on this origin', () => {
  const attacks = [
    '/en//evil.example',
    '/en/\\evil.example',
    '/en/\\/evil.example',
    '/en/%2F%2Fevil.example',
    '/en/%5C%5Cevil.example',
    '/en//evil.example/',
    '//evil.example',
    '//evil.example/',
    '/\\evil.example/',
    '///evil.example//',
    '/de//evil.example',
    '/%2F%2Fevil.example/',
    '/%09/evil.example/',
    '/blog//evil.example/',
    '/en/%2e%2e//evil.example',
  ]

  it.each(attacks)('%s', async (attack) => {
    const answer = await rawRequest(origin, 'GET', attack)
    expect(answer.status, attack).toBeLessThan(500)
    const location = header(answer, 'location') ?? '/'
    expect(new URL(location, origin).origin, `${attack} → ${location}`).toBe(origin)
    expect(location).toMatch(/^\/(?![/\\])/)
    expectSecurityHeaders(answer, attack)
  })

  it('answers the reported open redirect (/en//host) with the path on this site', async () => {
    const answer = await rawRequest(origin, 'GET', '/en//evil.example?x=1')
    expect(answer.status).toBe(301)
    expect(header(answer, 'location')).toBe('/evil.example?x=1')
  })

  it('keeps the remembered-language 307 and the router trailing-slash 307 on this origin', async () => {
    const remembered = await rawRequest(origin, 'GET', '/about?x=1', { cookie: 'lang=de', 'sec-fetch-dest': 'document' })
    expect(remembered.status).toBe(307)
    expect(header(remembered, 'location')).toBe('/de/about?x=1')
    const trailing = await rawRequest(origin, 'GET', '/%5Cevil.example/')
    expect(trailing.status).toBe(307)
    expect(new URL(header(trailing, 'location')!, origin).origin).toBe(origin)
  })
})

describe('unexpected methods', () => {
  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('%s on a page, a feed and a public file answers 405 with Allow', async (method) => {
    for (const target of ['/', '/about', '/blog/rss.xml', '/favicon.svg']) {
      const answer = await rawRequest(origin, method, target, { 'content-type': 'text/plain' }, 'x')
      expect(answer.status, `${method} ${target}`).toBe(405)
      expect(header(answer, 'allow')).toBe('GET, HEAD')
      expect(answer.body).toContain('not allowed')
      expectSecurityHeaders(answer, `${method} ${target}`)
    }
  })

  it('OPTIONS answers 204 with Allow', async () => {
    const answer = await rawRequest(origin, 'OPTIONS', '/')
    expect(answer.status).toBe(204)
    expect(header(answer, 'allow')).toBe('GET, HEAD')
  })

  it('a server function refuses a call from another site, or one that names no origin, with 403 before it runs', async () => {
    // The public settings' function (GET, no input): its id from the build, as the browser has it.
    const id = serverFnId('fetchPublicEnv')
    const call = (headers: Record<string, string>) =>
      fetch(`${origin}/_serverFn/${id}`, { headers: { 'x-tsr-serverFn': 'true', ...headers } })
    const refused: Array<Record<string, string>> = [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://elsewhere.example' }, {}]
    for (const headers of refused) {
      expect((await call(headers)).status, JSON.stringify(headers)).toBe(403)
    }
    // The control: the same call from the site's own pages runs.
    expect((await call({ 'sec-fetch-site': 'same-origin' })).status).toBe(200)
  })

  it('a server-function POST without a declared length is read, not a 500', async () => {
    const answer = await rawRequest(
      origin,
      'POST',
      '/_serverFn/unknown',
      { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      '{}',
    )
    expect(answer.status).toBeLessThan(500)
  })
})

/** Sends raw bytes and reads until the server closes; a reset before the answer fails. */
function sendRaw(port: number, data: string, overTls = false): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = overTls ? tlsConnect({ port, host: '127.0.0.1', rejectUnauthorized: false }) : tcpConnect(port, '127.0.0.1')
    let answer = ''
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')))
    socket.on('error', (error) => reject(new Error(`${error.message} after ${JSON.stringify(answer.slice(0, 80))}`)))
    socket.on('close', () => resolve(answer))
    socket.write(data)
  })
}

describe('requests too large to read are answered, not reset', () => {
  it('a 100 KB query string: 414 with a short text (raw socket and fetch)', async () => {
    const answer = await sendRaw(BASE_PORT, `GET /?q=${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`)
    expect(answer).toMatch(/^HTTP\/1\.1 414 URI Too Long\r\n/)
    expect(answer).toContain('X-Content-Type-Options: nosniff')
    expect(answer.split('\r\n\r\n')[1]).toMatch(/^The address is too long/)
    const viaFetch = await fetch(`${origin}/?q=${'a'.repeat(100_000)}`)
    expect(viaFetch.status).toBe(414)
  })

  it('a megabyte of headers: 431, over HTTP and HTTPS', async () => {
    const request = `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(1_000_000)}\r\n\r\n`
    expect(await sendRaw(BASE_PORT, request)).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/)
    const overTls = await sendRaw(BASE_PORT + 3, request, true)
    expect(overTls).toMatch(/^HTTP\/1\.1 431 /)
    expect(overTls).toContain(`Strict-Transport-Security: ${HSTS}`)
  })

  it('garbage: 400', async () => {
    expect(await sendRaw(BASE_PORT, 'HELLO\r\n\r\n')).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/)
  })
})

describe('headers on every answer', () => {
  const asset = () => `/assets/${readdirSync('.output/public/assets').find((name) => name.endsWith('.js'))}`

  it('security headers on pages, redirects, 404s, public files and hashed assets; no immutable 404', async () => {
    for (const target of ['/', '/about', '/en/about', '/no-such-page', '/favicon.svg', asset(), '/assets/no-such-file.js']) {
      const answer = await rawRequest(origin, 'GET', target)
      expectSecurityHeaders(answer, target)
      expect(header(answer, 'strict-transport-security'), target).toBeUndefined()
      expect(
        answer.status >= 400 && (header(answer, 'cache-control') ?? '').includes('immutable'),
        `${target}: an error kept forever`,
      ).toBe(false)
    }
  })

  it('HSTS over HTTPS on every kind of answer, never over HTTP (a spoofed X-Forwarded-Proto included)', async () => {
    for (const [method, target] of [
      ['GET', '/'],
      ['GET', '/en/about'],
      ['GET', '/no-such-page'],
      ['GET', '/favicon.svg'],
      ['GET', '/assets/no-such-file.js'],
      ['POST', '/'],
    ] as const) {
      const answer = await rawRequest(tlsOrigin, method, target)
      expect(header(answer, 'strict-transport-security'), `${method} ${target}`).toBe(HSTS)
      expectSecurityHeaders(answer, `https ${method} ${target}`)
    }
    const spoofed = await rawRequest(origin, 'GET', '/', { 'x-forwarded-proto': 'https' })
    expect(header(spoofed, 'strict-transport-security')).toBeUndefined()
  })
})

describe('secrets', () => {
  it('account and reset pages are private, no-store and never answered from the HTML cache', async () => {
    for (const target of [
      '/reset-password?userId=1&passToken=secret-token',
      '/de/reset-password?userId=1&passToken=x',
      '/login',
      '/register',
      '/forgot-password',
    ]) {
      for (let i = 0; i < 2; i++) {
        const answer = await rawRequest(origin, 'GET', target)
        expect(header(answer, 'cache-control'), target).toBe('private, no-store')
        expect(header(answer, 'x-html-cache'), target).toBeUndefined()
      }
    }
  })

  it('search terms and preview tokens never reach the log, even when the backend fails', async () => {
    const preview = previewQuery({ id: '40', expires: Math.floor(Date.now() / 1000) + 3600 }, PREVIEW_SECRET)
    const previewToken = new URLSearchParams(preview).get('token')!
    backend!.down = true
    try {
      await rawRequest(origin, 'GET', '/?s=edge-secret-search')
      // The partner programme draft (content/en/pages/partner-programme.json), with a valid signed link.
      await rawRequest(origin, 'GET', `/partner-programme?${preview}`)
      await new Promise((done) => setTimeout(done, 300))
    } finally {
      backend!.down = false
    }
    const log = site.output()
    // The outage was logged (so this checks something): the call by method and path, without the secrets.
    expect(log).toMatch(/\[backend\] .* is down: .* on GET \/api\//)
    expect(log).not.toContain('edge-secret-search')
    expect(log).not.toContain(previewToken)
  })
})

/**
 * Servers for the edge tests (tests/integration/edge*.test.ts): the embedded CMS as its
 * own process (`npm run cms`), a recording proxy in front of it (every backend call the
 * site makes, and a switch that makes the backend answer 503), and the production build.
 */
import { createServer, request as httpRequest, type Server } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { startTestServer, type TestServer } from './test-server'

export interface RecordingBackend {
  origin: string
  /** `METHOD /path?query` of every call the site made, in order. */
  calls: string[]
  down: boolean
  close: () => Promise<void>
}

export async function startCms(port: number, databaseFile: string): Promise<TestServer> {
  return startTestServer({
    command: 'npx',
    args: ['tsx', 'cms/serve.ts'],
    env: { ...process.env, CMS_PORT: String(port), CMS_HOST: '127.0.0.1', CMS_DATABASE_URL: `file:${databaseFile}` },
    readyUrl: `http://127.0.0.1:${port}/api/v1/base/home`,
    startTimeoutMs: 60_000,
  })
}

export async function startRecordingProxy(port: number, target: string): Promise<RecordingBackend> {
  const backend: RecordingBackend = { origin: `http://127.0.0.1:${port}`, calls: [], down: false, close: async () => {} }
  const server: Server = createServer((req, res) => {
    backend.calls.push(`${req.method} ${req.url}`)
    if (backend.down) {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"code":"down"}')
      return
    }
    const upstream = httpRequest(`${target}${req.url ?? '/'}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    upstream.on('error', () => res.writeHead(502).end())
    req.pipe(upstream)
  })
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done))
  backend.close = () => new Promise<void>((done) => server.close(() => done()))
  return backend
}

export interface RawAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/**
 * One request sent as it is (the path is not normalised as fetch() would: `..`, `%2e`,
 * backslashes and doubled slashes reach the server), over HTTP or HTTPS (any certificate).
 */
export function rawRequest(
  origin: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<RawAnswer> {
  const url = new URL(origin)
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve, reject) => {
    const request = send(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        // Node's client sends a DELETE's or OPTIONS' body with no length unless told: the server would read it as the next request.
        headers: {
          'accept-encoding': 'identity',
          ...(body !== undefined && !headers['transfer-encoding'] ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
          ...headers,
        },
        rejectUnauthorized: false,
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }),
        )
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    request.end(body)
  })
}

/** The production build (`npm run build` first) on a port; NODE_ENV only when `env` names it. */
export async function startSite(port: number, env: Record<string, string>, tls?: { cert: string; key: string }): Promise<TestServer> {
  const { NODE_ENV: _inherited, ...inherited } = process.env
  const origin = `http${tls ? 's' : ''}://127.0.0.1:${port}`
  const server = await startTestServer({
    command: process.execPath,
    args: ['.output/server/index.mjs'],
    env: {
      ...inherited,
      HOST: '127.0.0.1',
      PORT: String(port),
      // One address sends every request of the suite: the per-client limits are not what this tests.
      RATE_LIMIT_FACTOR: '1000',
      ...(tls ? { NITRO_SSL_CERT: tls.cert, NITRO_SSL_KEY: tls.key } : {}),
      ...env,
    },
    // fetch() refuses a self-signed certificate: over TLS, readiness is polled below.
    readyUrl: tls ? 'data:,ready' : `${origin}/favicon.svg`,
  })
  for (const end = Date.now() + 20_000; tls; await new Promise((done) => setTimeout(done, 100))) {
    const ready = await rawRequest(origin, 'GET', '/favicon.svg').then(
      (answer) => answer.status === 200,
      () => false,
    )
    if (ready) break
    if (Date.now() > end) {
      await server.stop()
      throw new Error(`${origin} did not answer within 20 s:\n${server.output()}`)
    }
  }
  return server
}

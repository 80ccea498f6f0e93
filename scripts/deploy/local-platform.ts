/**
 * Serves a Netlify or Vercel build on loopback the way the platform routes it, for the
 * prerender step and the deploy smoke tests (test infrastructure, docs/deploy.md):
 *
 *   tsx scripts/deploy/local-platform.ts netlify|vercel [--port N] [--host H]
 *
 * - netlify: a file of the publish directory (`dist/client`) answers first, with the
 *   headers of `_headers` that match its path (the function's `preferStatic`); `/x` is
 *   `x.html` or `x/index.html`, as Netlify serves them; everything else goes to the
 *   function (`.netlify/v1/functions/server.mjs`, a `fetch(request, context)` export). A
 *   scheduled function (`.netlify/v1/functions/{name}.mts`) runs when
 *   `/.netlify/functions/{name}` is asked for, as `netlify dev` runs one on demand; nothing
 *   runs it on its schedule here.
 * - vercel: the Build Output API's `config.json` routes in order: a route's `headers` are
 *   added, `continue` goes on to the next route, `dest` rewrites (to a function when it names
 *   one), `status` answers; `{ "handle": "filesystem" }` serves `static/` (and `overrides`);
 *   the function is `functions/<name>.func` with its `.vc-config.json` handler, a Node
 *   `(req, res)` handler.
 *
 * What it does not emulate: the CDN (nothing is cached here; the platform's CDN headers
 * are left on the answers so tests can read them, where the platform strips them), TLS,
 * compression of static files, and the platforms' limits. The function's temporary
 * directory is `.cache/deploy/<target>/tmp` (TMPDIR), fresh on each start.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import { outputLayout } from './targets'

const root = resolve(import.meta.dirname, '../..')

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
}

/** A file under `dir` for a URL path, never outside it. */
function fileUnder(dir: string, urlPath: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (decoded.includes('\0')) return null
  const file = normalize(join(dir, decoded))
  if (file !== dir && !file.startsWith(dir + sep)) return null
  return existsSync(file) && statSync(file).isFile() ? file : null
}

function sendFile(req: IncomingMessage, res: ServerResponse, file: string, headers: Record<string, string>, contentType?: string) {
  const body = readFileSync(file)
  res.statusCode = 200
  res.setHeader('content-type', contentType ?? contentTypes[extname(file)] ?? 'application/octet-stream')
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
  res.setHeader('content-length', String(body.byteLength))
  res.end(req.method === 'HEAD' ? undefined : body)
}

async function toWebRequest(req: IncomingMessage, origin: string, extra: Record<string, string>): Promise<Request> {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one)
  }
  for (const [name, value] of Object.entries(extra)) headers.set(name, value)
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  const chunks: Buffer[] = []
  if (hasBody) for await (const chunk of req) chunks.push(chunk as Buffer)
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method,
    headers,
    body: hasBody ? Buffer.concat(chunks) : undefined,
  })
}

async function sendWebResponse(req: IncomingMessage, res: ServerResponse, response: Response) {
  res.statusCode = response.status
  const cookies = response.headers.getSetCookie()
  for (const [name, value] of response.headers) if (name !== 'set-cookie') res.setHeader(name, value)
  if (cookies.length > 0) res.setHeader('set-cookie', cookies)
  if (!response.body || req.method === 'HEAD') {
    await response.body?.cancel()
    res.end()
    return
  }
  for await (const chunk of response.body) res.write(chunk)
  res.end()
}

/* ------------------------------------------------------------------ Netlify */

interface HeaderRule {
  pattern: RegExp
  headers: Record<string, string>
}

/** Netlify's `_headers`: a path (with `*` splats) on its own line, its headers indented below. */
export function parseNetlifyHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = []
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue
    if (!/^\s/.test(line)) {
      const source = line
        .trim()
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')
      rules.push({ pattern: new RegExp(`^${source}$`), headers: {} })
      continue
    }
    const rule = rules.at(-1)
    const colon = line.indexOf(':')
    if (rule && colon > 0) rule.headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim()
  }
  return rules
}

type ScheduledFunction = { default: (request: Request, context: unknown) => Promise<Response> }

/** `/.netlify/functions/{name}`: the scheduled function of that name, called with the context Netlify gives it; null for any other path. */
function scheduledFunctions(dir: string, origin: () => string) {
  return async (path: string): Promise<((request: Request) => Promise<Response>) | null> => {
    const name = /^\/\.netlify\/functions\/([a-z0-9-]+)$/.exec(path)?.[1]
    const file = name && name !== 'server' ? join(dir, `${name}.mts`) : null
    if (!file || !existsSync(file)) return null
    const module = (await import(pathToFileURL(file).href)) as ScheduledFunction
    return (request) => module.default(request, { site: { url: origin() } })
  }
}

async function netlifyHandler(origin: () => string) {
  const publish = resolve(root, outputLayout.netlify.static)
  const headersFile = join(publish, '_headers')
  const rules = existsSync(headersFile) ? parseNetlifyHeaders(readFileSync(headersFile, 'utf8')) : []
  const functionFile = resolve(root, '.netlify/v1/functions/server.mjs')
  const started = performance.now()
  const module = (await import(pathToFileURL(functionFile).href)) as { default: (request: Request, context: unknown) => Promise<Response> }
  console.log(`[local-netlify] function loaded in ${(performance.now() - started).toFixed(0)} ms`)
  const scheduled = scheduledFunctions(join(root, '.netlify/v1/functions'), origin)
  const staticFile = (path: string) =>
    fileUnder(publish, path) ??
    (path.endsWith('/')
      ? fileUnder(publish, `${path}index.html`)
      : (fileUnder(publish, `${path}.html`) ?? fileUnder(publish, `${path}/index.html`)))
  return async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const run = await scheduled(path)
    if (run) return sendWebResponse(req, res, await run(await toWebRequest(req, origin(), {})))
    const file = (req.method === 'GET' || req.method === 'HEAD') && path !== '/_headers' ? staticFile(path) : null
    if (file) {
      const headers: Record<string, string> = {}
      for (const rule of rules) if (rule.pattern.test(path)) Object.assign(headers, rule.headers)
      sendFile(req, res, file, headers)
      return
    }
    const ip = req.socket.remoteAddress ?? '127.0.0.1'
    const request = await toWebRequest(req, origin(), {
      'x-nf-client-connection-ip': ip,
      'x-forwarded-for': ip,
      'x-forwarded-proto': 'http',
    })
    await sendWebResponse(req, res, await module.default(request, { ip, site: {}, geo: {} }))
  }
}

/* ------------------------------------------------------------------ Vercel */

interface VercelRoute {
  src?: string
  dest?: string
  headers?: Record<string, string>
  status?: number
  continue?: boolean
  handle?: string
  methods?: string[]
  has?: { type: 'query' | 'cookie' | 'header'; key: string; value?: string }[]
  missing?: { type: 'query' | 'cookie' | 'header'; key: string; value?: string }[]
}

/** A route's `has` / `missing` condition (a key, with a value when one is given). */
function conditionHolds(req: IncomingMessage, url: URL, condition: NonNullable<VercelRoute['has']>[number]): boolean {
  let value: string | null | undefined
  if (condition.type === 'query') value = url.searchParams.get(condition.key)
  else if (condition.type === 'header') value = req.headers[condition.key.toLowerCase()]?.toString()
  else {
    const cookie = (req.headers.cookie ?? '').split(';').map((part) => part.trim().split('='))
    value = cookie
      .find(([name]) => name === condition.key)
      ?.slice(1)
      .join('=')
  }
  if (value === null || value === undefined) return false
  return condition.value === undefined || new RegExp(`^${condition.value}$`).test(value)
}

interface VercelConfig {
  routes?: VercelRoute[]
  overrides?: Record<string, { path?: string; contentType?: string }>
}

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => unknown
/** A `.func`'s handler: Node's `(req, res)` or the web's `{ fetch(request, context) }` (Nitro's default). */
type FunctionModule = { default: NodeHandler | { fetch: (request: Request, context: unknown) => Promise<Response> } }

async function vercelHandler() {
  const output = resolve(root, '.vercel/output')
  const config = JSON.parse(readFileSync(join(output, 'config.json'), 'utf8')) as VercelConfig
  const staticDir = join(output, 'static')
  const overridden = new Map<string, { file: string; contentType?: string }>()
  for (const [file, override] of Object.entries(config.overrides ?? {})) {
    if (override.path !== undefined) overridden.set(`/${override.path}`, { file, contentType: override.contentType })
  }
  const functions = new Map<string, NodeHandler>()
  async function loadFunction(name: string): Promise<NodeHandler | null> {
    if (functions.has(name)) return functions.get(name) ?? null
    const dir = join(output, 'functions', `${name}.func`)
    if (!existsSync(join(dir, '.vc-config.json'))) return null
    const { handler } = JSON.parse(readFileSync(join(dir, '.vc-config.json'), 'utf8')) as { handler: string }
    const started = performance.now()
    const { default: entry } = (await import(pathToFileURL(join(dir, handler)).href)) as FunctionModule
    console.log(`[local-vercel] function ${name} loaded in ${(performance.now() - started).toFixed(0)} ms`)
    const node: NodeHandler =
      typeof entry === 'function'
        ? entry
        : async (req, res) => {
            const request = await toWebRequest(req, `http://${req.headers.host ?? 'localhost'}`, {})
            await sendWebResponse(req, res, await entry.fetch(request, { waitUntil: () => undefined }))
          }
    functions.set(name, node)
    return node
  }
  function staticFor(path: string): { file: string; contentType?: string } | null {
    const override = overridden.get(path)
    if (override) {
      const file = fileUnder(staticDir, `/${override.file}`)
      if (file) return { file, contentType: override.contentType }
    }
    const file = fileUnder(staticDir, path) ?? (path.endsWith('/') ? fileUnder(staticDir, `${path}index.html`) : null)
    return file ? { file } : null
  }
  return async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x')
    let path = url.pathname
    const headers: Record<string, string> = {}
    let target: string | null = null
    for (const route of config.routes ?? []) {
      if (route.handle === 'filesystem') {
        const found = req.method === 'GET' || req.method === 'HEAD' ? staticFor(path) : null
        if (found) {
          sendFile(req, res, found.file, headers, found.contentType)
          return
        }
        continue
      }
      if (route.handle || !route.src) continue
      const match = new RegExp(route.src.startsWith('^') ? route.src : `^${route.src}$`).exec(path)
      if (!match) continue
      if (route.methods && !route.methods.includes(req.method ?? 'GET')) continue
      if (route.has && !route.has.every((condition) => conditionHolds(req, url, condition))) continue
      if (route.missing?.some((condition) => conditionHolds(req, url, condition))) continue
      Object.assign(headers, route.headers ?? {})
      if (route.status !== undefined) {
        res.statusCode = route.status
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
        res.end()
        return
      }
      if (route.dest) {
        const dest = route.dest.replace(/\$(\d+)/g, (_, index: string) => match[Number(index)] ?? '')
        path = new URL(dest, 'http://x').pathname
        target = path.slice(1)
      }
      if (!route.continue) break
    }
    const handler = target ? await loadFunction(target) : null
    if (!handler) {
      const found = req.method === 'GET' || req.method === 'HEAD' ? staticFor(path) : null
      if (found) return sendFile(req, res, found.file, headers, found.contentType)
      res.statusCode = 404
      res.setHeader('content-type', 'text/plain; charset=utf-8')
      res.end('NOT_FOUND\n')
      return
    }
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
    const ip = req.socket.remoteAddress ?? '127.0.0.1'
    req.headers['x-forwarded-for'] = ip
    req.headers['x-real-ip'] = ip
    req.headers['x-vercel-forwarded-for'] = ip
    req.headers['x-forwarded-proto'] = 'http'
    await handler(req, res)
  }
}

/* ------------------------------------------------------------------ main */

async function main() {
  const [target, ...rest] = process.argv.slice(2)
  if (target !== 'netlify' && target !== 'vercel') {
    console.error('usage: tsx scripts/deploy/local-platform.ts netlify|vercel [--port N] [--host H]')
    process.exit(2)
  }
  const option = (name: string) => {
    const index = rest.indexOf(name)
    return index >= 0 ? rest[index + 1] : undefined
  }
  const port = Number(option('--port') ?? process.env.PORT ?? 3000)
  const host = option('--host') ?? process.env.HOST ?? '127.0.0.1'
  // The platform's writable temporary directory, this run's alone.
  const tmp = resolve(root, `.cache/deploy/${target}/tmp`)
  rmSync(tmp, { recursive: true, force: true })
  mkdirSync(tmp, { recursive: true })
  process.env.TMPDIR = tmp
  process.env.NODE_ENV ??= 'production'
  const origin = `http://${host}:${port}`
  const handle = target === 'netlify' ? await netlifyHandler(() => origin) : await vercelHandler()
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error(`[local-${target}]`, error)
      if (!res.headersSent) res.statusCode = 502
      res.end()
    })
  })
  server.listen(port, host, () => console.log(`[local-${target}] ${origin}`))
  const stop = () => server.close(() => process.exit(0))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

if (import.meta.filename === process.argv[1] || process.argv[1]?.endsWith('local-platform.ts')) void main()

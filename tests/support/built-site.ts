/**
 * The production build (`npm run build` first) as every test, bench and check starts it
 * (the integration tests, `npm run bench`, `npm run size`, `npm run check:html`): on
 * loopback, NODE_ENV=production, its embedded CMS's database and uploads under the
 * caller's own folder, RATE_LIMIT_FACTOR=1000 (one address sends every request of a
 * suite; a test of the limits sets it back to 1), in its own process group, stopped with
 * everything it started (tests/support/test-server.ts).
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { portInUse, startTestServer, type TestServer } from './test-server'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** A port nothing listens on now (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((done) => server.close(() => done()))
  return port
}

/**
 * A server function's id as the build named it (the browser posts to /_serverFn/{id}),
 * read from the server functions' manifest in the build's SSR entry, quoted and spaced as
 * the bundler writes it or not.
 */
export function serverFnId(name: string): string {
  const entry = readFileSync(path.join(root, '.output/server/_ssr/ssr.mjs'), 'utf8')
  const quote = `["'\`]`
  const id = new RegExp(`${quote}?([0-9a-f]{64})${quote}?:\\s*\\{\\s*functionName:\\s*${quote}${name}_createServerFn_handler${quote}`).exec(
    entry,
  )?.[1]
  if (!id) throw new Error(`the build has no ${name} server function; run \`npm run build\` again`)
  return id
}

export interface BuiltSite extends TestServer {
  origin: string
}

/**
 * The V8 flags `npm start` runs the server with (package.json: the young generation and the
 * old space bounded, docs/deploy.md "Memory"), so a server started as `npm start` starts it
 * is measured with them too.
 */
export function startNodeFlags(checkout = root): string[] {
  const start = (JSON.parse(readFileSync(path.join(checkout, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start
  return start.split(/\s+/).filter((token) => token.startsWith('--max-'))
}

export async function startBuiltSite(options: {
  /** Where its SQLite files and uploads go (one file per port). */
  dataDir: string
  env?: Record<string, string>
  /** A fixed port (it must be free), else one the OS picks. */
  port?: number
  /** How long the first answer may take (a cold start on a busy machine). */
  startTimeoutMs?: number
  /** Started as `npm start` starts it (scripts/start.mjs, which may run a cluster), not as the server file alone. */
  launcher?: boolean
  /** Another checkout's build (the bench's baseline, scripts/bench/baseline.ts), started as that checkout starts it. */
  root?: string
}): Promise<BuiltSite> {
  const checkout = options.root ?? root
  if (options.port !== undefined && (await portInUse(options.port))) {
    throw new Error(`port ${options.port} is already in use; stop whatever listens there and run again`)
  }
  const port = options.port ?? (await freePort())
  const origin = `http://127.0.0.1:${port}`
  const server = await startTestServer({
    command: process.execPath,
    args: options.launcher
      ? [...startNodeFlags(checkout), path.join(checkout, 'scripts/start.mjs')]
      : [path.join(checkout, '.output/server/index.mjs')],
    cwd: checkout,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      RATE_LIMIT_FACTOR: '1000',
      HOST: '127.0.0.1',
      PORT: String(port),
      CMS_DATABASE_URL: `file:${path.join(options.dataDir, `site-${port}.db`)}`,
      CMS_UPLOAD_DIR: path.join(options.dataDir, 'uploads'),
      ...options.env,
    },
    readyUrl: `${origin}/favicon.svg`,
    startTimeoutMs: options.startTimeoutMs,
  })
  return { ...server, origin }
}

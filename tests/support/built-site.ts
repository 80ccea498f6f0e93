/**
 * The production build (`npm run build` first) as the integration tests start it: on
 * loopback, NODE_ENV=production, its embedded CMS's database and uploads under the test's
 * own folder, RATE_LIMIT_FACTOR=1000 (one address sends every request of a suite; a test
 * of the limits sets it back to 1), stopped with everything it started.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { startTestServer, type TestServer } from './test-server'

/** A port nothing listens on now (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((done) => server.close(() => done()))
  return port
}

export interface BuiltSite extends TestServer {
  origin: string
}

export async function startBuiltSite(options: {
  /** Where its SQLite files and uploads go (one file per port). */
  dataDir: string
  env?: Record<string, string>
  port?: number
}): Promise<BuiltSite> {
  const port = options.port ?? (await freePort())
  const origin = `http://127.0.0.1:${port}`
  const server = await startTestServer({
    command: process.execPath,
    args: ['.output/server/index.mjs'],
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
  })
  return { ...server, origin }
}

/**
 * `npm run cms`: the embedded CMS on its own port, so the `wp` adapter (or a developer
 * with curl) can talk to it over real HTTP. Listens on CMS_HOST:CMS_PORT (127.0.0.1:3001).
 *
 *   CMS_PORT=3001 npm run cms
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { parseEnvOrExit } from '../app/config/env'
import { cmsConfig } from './config'
import { cmsOptionsFromEnv, createEmbeddedCms } from './index'

const env = parseEnvOrExit()
const cms = createEmbeddedCms(cmsOptionsFromEnv(env))
await cms.database()
// An edit in the content folder is served without a restart, as the site's in-process CMS does (cms/watch.ts).
cms.watch(() => undefined)

const host = env.CMS_HOST
/** Larger bodies are refused before they are read whole. */
const MAX_BODY_BYTES = cmsConfig.maxServedBodyBytes

class BodyTooLargeError extends Error {}

async function readBody(req: AsyncIterable<Buffer>): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += chunk.length
    if (size > MAX_BODY_BYTES) throw new BodyTooLargeError()
    chunks.push(chunk)
  }
  return new Uint8Array(Buffer.concat(chunks))
}
async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(name, value)
      else if (Array.isArray(value)) headers.set(name, value.join(', '))
    }
    const request = new Request(`http://${host}:${env.CMS_PORT}${req.url ?? '/'}`, {
      method: req.method,
      headers,
      body: hasBody ? await readBody(req) : undefined,
    })
    const response = await cms.fetch(request)
    res.writeHead(response.status, Object.fromEntries(response.headers))
    res.end(req.method === 'HEAD' ? undefined : Buffer.from(await response.arrayBuffer()))
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      res.writeHead(413, { 'content-type': 'application/json', connection: 'close' })
      res.end(JSON.stringify({ code: 'rest_request_too_large', message: 'The request body is too large.', data: { status: 413 } }))
      return
    }
    console.error('[cms]', error)
    res.writeHead(500, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ code: 'internal_error', message: 'The content backend failed to answer.' }))
  }
}

// Even the error answer can fail (the socket closed under it): then the connection is dropped, never left hanging.
const server = createServer((req, res) => {
  handle(req, res).catch(() => res.destroy())
})

server.listen(env.CMS_PORT, host, () => {
  console.log(`[cms] content API on http://${host}:${env.CMS_PORT}/api/v1/base/home`)
})

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)))
}

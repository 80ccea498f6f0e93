/**
 * The built Node server (Nitro's `entry` for the node target, scripts/deploy/targets.ts):
 * Nitro's own node-server entry (nitro/dist/presets/node/runtime/node-server.mjs), with one
 * step in front of it. A request whose answer was kept for replay (a fresh page from the
 * page cache, app/server/http/replay.server.ts) is answered here, from Node's request and
 * response, with the same status, headers and bytes; every other request goes to srvx and
 * the app as before, and a page cache HIT on its way out is kept for the next one
 * (docs/decisions/035-cached-page-replay.md).
 *
 * srvx's graceful shutdown and Nitro's close hooks are kept as they are: the server is
 * srvx's, only its request listener is wrapped.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { useNitroApp as nitroAppOfThisProcess, useNitroHooks as nitroHooksOfThisProcess } from 'nitro/app'
import type { ServerRequest } from 'srvx'
import { serve } from 'srvx/node'
import { keepReplay, replayFor, takeReplayOffers } from './http/replay.server'
import { requestIdFrom } from './http/request-id.server'
import { stopping } from './http/shutdown.server'
import { logRequest, requestLinesOn } from './log.server'

const parsedPort = Number.parseInt(process.env.NITRO_PORT ?? process.env.PORT ?? '')
const port = Number.isNaN(parsedPort) ? 3000 : parsedPort
const cert = process.env.NITRO_SSL_CERT
const key = process.env.NITRO_SSL_KEY

// Nitro's accessors, not React hooks: renamed so the hooks rule does not take them for ones.
const nitroApp = nitroAppOfThisProcess()

async function fetchAndKeep(request: ServerRequest): Promise<Response> {
  const response = await nitroApp.fetch(request)
  // The request srvx made of Node's keeps Node's; an HTTP/2 one is never replayed.
  const nodeRequest = request.runtime?.node?.req
  if (nodeRequest && 'socket' in nodeRequest && !('stream' in nodeRequest)) keepReplay(nodeRequest as IncomingMessage, response)
  return response
}

const server = serve({
  port,
  hostname: process.env.NITRO_HOST || process.env.HOST,
  tls: cert && key ? { cert, key } : undefined,
  fetch: fetchAndKeep,
  manual: true,
})

/** A kept answer, written as srvx writes a body held in memory (writeHead with its status text, then the bytes). */
function replayed(request: IncomingMessage, response: ServerResponse): boolean {
  // Stopping: every answer closes its connection (edge.nitro.ts), which only the app's path says.
  if (stopping()) return false
  const replay = replayFor(request)
  if (replay === null) return false
  const started = performance.now()
  response.writeHead(replay.status, replay.statusText, replay.headers)
  if (request.method === 'HEAD') response.end()
  else response.end(replay.body)
  if (requestLinesOn()) {
    const ms = Math.round((performance.now() - started) * 10) / 10
    const id = requestIdFrom(request.headers['x-request-id'] as string | undefined)
    logRequest(id, { method: request.method ?? 'GET', route: replay.route, status: replay.status, ms, cache: 'HIT' })
  }
  return true
}

const node = server.node
if (node?.server) {
  const answer = node.handler
  node.server.removeAllListeners('request')
  node.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!replayed(request, response)) void answer(request, response)
  })
  takeReplayOffers()
}
// As srvx does when it listens by itself: a port in use is said, and the process ends with an error.
void Promise.resolve(server.serve()).catch((error: unknown) => {
  console.error('[srvx] Failed to start server:', error)
  process.exitCode = 1
})

// Nitro's two start-up steps of its own entry, whose modules are internal to the nitro package
// (nitro/dist/runtime/internal/shutdown.mjs and error/hooks.mjs): its close hooks run once srvx
// closed the server (startup.nitro.ts leaves the cluster there), and an error nothing caught is logged, not fatal.
const closeServer = server.close.bind(server)
let closed: Promise<void> | undefined
server.close = (closeActiveConnections?: boolean) =>
  closeServer(closeActiveConnections).finally(() => {
    closed ??= Promise.resolve(nitroHooksOfThisProcess().callHook('close')).catch((error: unknown) =>
      console.error('[nitro] Error while calling `close` hooks:', error),
    )
  })
for (const type of ['unhandledRejection', 'uncaughtException'] as const) {
  process.on(type, (error: unknown) => {
    console.error(`[${type}]`, error)
    nitroApp.captureError?.(error as Error, { tags: [type] })
  })
}

export default {}

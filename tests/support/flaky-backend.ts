/**
 * A content backend that fails on demand, on loopback: a small HTTP server that hands each
 * request to a fetch handler (the embedded CMS's, or a test's own) unless it was told to
 * fail the next N requests (answer 500, hang, or drop the connection), and that can be
 * stopped (connections refused, like a dead process) and started again on the same port.
 * It records every request it receives, so a test can say what never reached it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

export type Failure = 500 | 503 | 'hang' | 'drop'

export interface FlakyBackend {
  url: string
  /** Every request received, as `METHOD /path?query` exactly as sent. */
  requests: string[]
  /** The next `count` requests fail this way (then it answers again). */
  failNext(count: number, how: Failure): void
  /** Every request fails this way until `recover()`. */
  failAll(how: Failure): void
  recover(): void
  /** Stops listening and drops every connection: calls are refused. */
  stop(): Promise<void>
  /** Listens again on the same port. */
  start(): Promise<void>
  close(): Promise<void>
}

export type Handler = (request: Request) => Promise<Response>

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value)
    else if (Array.isArray(value)) headers.set(name, value.join(', '))
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  const chunks: Buffer[] = []
  if (hasBody) for await (const chunk of req) chunks.push(chunk as Buffer)
  return new Request(origin + (req.url ?? '/'), {
    method: req.method,
    headers,
    body: hasBody ? new Uint8Array(Buffer.concat(chunks)) : undefined,
  })
}

export async function startFlakyBackend(handler: Handler, port = 0): Promise<FlakyBackend> {
  const requests: string[] = []
  const queue: Failure[] = []
  let always: Failure | null = null
  const sockets = new Set<Socket>()
  let server: Server

  async function handle(req: IncomingMessage, res: ServerResponse) {
    requests.push(`${req.method} ${req.url}`)
    const failure = always ?? queue.shift()
    if (failure === 'hang') return
    if (failure === 'drop') {
      req.socket.destroy()
      return
    }
    if (failure !== undefined) {
      res.writeHead(failure, { 'content-type': 'application/json' }).end('{"code":"flaky","message":"failing on purpose"}')
      return
    }
    const response = await handler(await toRequest(req, url))
    res.writeHead(response.status, Object.fromEntries(response.headers))
    res.end(req.method === 'HEAD' ? undefined : Buffer.from(await response.arrayBuffer()))
  }

  function listen(onPort: number) {
    server = createServer((req, res) => {
      handle(req, res).catch(() => res.destroy())
    })
    server.on('connection', (socket) => {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
    })
    return new Promise<number>((resolve) => server.listen(onPort, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)))
  }

  const boundPort = await listen(port)
  const url = `http://127.0.0.1:${boundPort}`
  let listening = true

  async function stop() {
    if (!listening) return
    listening = false
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    for (const socket of sockets) socket.destroy()
    await closed
  }

  return {
    url,
    requests,
    failNext(count, how) {
      for (let i = 0; i < count; i++) queue.push(how)
    },
    failAll(how) {
      always = how
    },
    recover() {
      always = null
      queue.length = 0
    },
    stop,
    async start() {
      if (listening) return
      await listen(boundPort)
      listening = true
    },
    close: stop,
  }
}

/**
 * A request Node's HTTP parser cannot take (a 100 KB query
 * string, huge headers, garbage) is answered with a status and a short text, and the
 * answer reaches the client. Node's own handler writes a bare 431 and destroys the socket
 * at once: with the client still sending, the unread bytes make the kernel reset the
 * connection and the client sees ECONNRESET instead of the answer. Here the answer is
 * written, the socket half-closed, and what the client still sends drained for a moment
 * (a lingering close, as nginx does) before the socket goes.
 */
import { tracingChannel } from 'node:diagnostics_channel'
import { Server as HttpServer } from 'node:http'
import type { Socket } from 'node:net'
import { Server as TlsServer } from 'node:tls'
import { siteConfig } from '../../config/site'
import { securityHeaders } from './security-headers.server'
import { strictTransportSecurity } from './edge-headers.server'

const reasons: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Content Too Large',
  414: 'URI Too Long',
  431: 'Request Header Fields Too Large',
}

const texts: Record<number, string> = {
  400: 'The request could not be read.',
  408: 'The request took too long to arrive.',
  413: 'The request is too large.',
  414: `The address is too long (at most ${siteConfig.edge.maxHeaderBytes / 1024} KB with the headers).`,
  431: `The request headers are too large (at most ${siteConfig.edge.maxHeaderBytes / 1024} KB).`,
}

/** A method, a space and a target with no line end yet: the overflow is in the request line. */
const UNFINISHED_REQUEST_LINE = /^[A-Z]{3,10} [^\r\n]*$/

/**
 * The status for an error of Node's HTTP parser, or null when there is nobody to answer
 * (the client went away). `packet` is the bytes being parsed when it failed: a request
 * line too long to end in the first packet is a 414; an overflow found in a later packet
 * (headers, or a request line cut into TLS records) a 431.
 */
export function parserErrorStatus(code: string | undefined, packet: Uint8Array | undefined): number | null {
  if (!code?.startsWith('HPE_')) return null
  if (code === 'HPE_HEADER_OVERFLOW') {
    const start = packet ? Buffer.from(packet.buffer, packet.byteOffset, Math.min(packet.byteLength, 64 * 1024)).toString('latin1') : ''
    return UNFINISHED_REQUEST_LINE.test(start) ? 414 : 431
  }
  if (code === 'HPE_REQUEST_TIMEOUT') return 408
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return 413
  return 400
}

/** The whole HTTP/1.1 answer, with the security headers every answer carries. */
export function parserErrorAnswer(status: number, overTls: boolean): string {
  const body = `${texts[status] ?? reasons[status] ?? 'Bad Request'}\n`
  const headers: Record<string, string> = {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    Connection: 'close',
    ...securityHeaders,
    ...(overTls ? { 'Strict-Transport-Security': strictTransportSecurity } : {}),
  }
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`)
  return `HTTP/1.1 ${status} ${reasons[status] ?? 'Bad Request'}\r\n${lines.join('\r\n')}\r\n\r\n${body}`
}

interface ParserError extends Error {
  code?: string
  rawPacket?: Uint8Array
}

/** Node's socket of an HTTP server: a response already started on it must not be corrupted. */
type ServerSocket = Socket & { _httpMessage?: { headersSent?: boolean } | null; encrypted?: boolean }

const answered = new WeakSet<Socket>()

function onClientError(error: ParserError, socket: ServerSocket) {
  // The parser fails again on every chunk a drained client still sends: answered once.
  if (answered.has(socket)) return
  answered.add(socket)
  const status = parserErrorStatus(error.code, error.rawPacket)
  if (status === null || !socket.writable || socket._httpMessage?.headersSent) {
    socket.destroy()
    return
  }
  socket.on('error', () => socket.destroy())
  socket.end(parserErrorAnswer(status, socket.encrypted === true))
  const linger = setTimeout(() => socket.destroy(), siteConfig.edge.lingerMs)
  linger.unref()
  socket.once('close', () => clearTimeout(linger))
}

/**
 * Applies the limit and the answers to an HTTP server, or a TLS one: Node's HTTPS server,
 * and the HTTP/2 server srvx starts with a certificate, which reads HTTP/1.1 with the same
 * parser, limit and `clientError` event.
 */
function answerParserErrors(server: HttpServer | TlsServer): void {
  // Read by Node for each new connection (a creation option, set here as Nitro creates the server).
  Object.assign(server, { maxHeaderSize: siteConfig.edge.maxHeaderBytes })
  server.on('clientError', onClientError)
}

let watching = false

/**
 * Nitro's Node server is created inside its own entry, out of reach of the app: every
 * HTTP(S) server of this process is given the answers when it starts listening, which
 * Node announces on the `net.server.listen` tracing channel.
 */
export function answerParserErrorsOfEveryServer(): void {
  if (watching) return
  watching = true
  tracingChannel<unknown, { server: unknown }>('net.server.listen').subscribe({
    start() {},
    end() {},
    asyncStart({ server }) {
      if (server instanceof HttpServer || server instanceof TlsServer) answerParserErrors(server)
    },
    asyncEnd() {},
    error() {},
  })
}

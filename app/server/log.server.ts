/**
 * The built server's log (docs/deploy.md, "Logs"). With LOG_FORMAT=json (the default in
 * production) every line is one JSON object written by pino: `level`, `time`, `pid`, the
 * request id (`req`) when it was written while a request was handled, and `msg`. Every
 * request ends with one line of its own: method, route (the path, never the query:
 * requirements' redaction, app/lib/log-redaction.ts), status, duration in ms, and how
 * the page cache answered. The rest of the code keeps writing `console.info('[room] …')`
 * lines, already redacted where they name URLs; they become JSON lines here, their text
 * unchanged. LOG_FORMAT=pretty keeps plain lines, for development.
 */
import pino from 'pino'
import { currentRequestId } from './http/request-id.server'

type Level = 'debug' | 'info' | 'warn' | 'error'

export interface RequestLine {
  method: string
  route: string
  status: number
  ms: number
  cache: string | null
}

type RequestWriter = (id: string, line: RequestLine) => void

// On globalThis: the start-up plugin and the server entry are bundled apart, each with its own copy of this module.
const WRITER = Symbol.for('site.log.request-writer')
const store = globalThis as { [WRITER]?: RequestWriter }

const text = (parts: unknown[]) =>
  parts.map((part) => (typeof part === 'string' ? part : part instanceof Error ? part.message : JSON.stringify(part))).join(' ')

/** The format when LOG_FORMAT is unset: plain lines under `npm run dev` and tests' own NODE_ENV, else JSON (the built server is production). */
export function defaultLogFormat(nodeEnv: string | undefined): 'json' | 'pretty' {
  return nodeEnv === 'development' || nodeEnv === 'test' ? 'pretty' : 'json'
}

/** Sends console's lines and the request lines to the log of `format` (once, at start). */
export function installServerLog(format: 'json' | 'pretty', level: Level): void {
  if (format === 'pretty') {
    const original = console.info.bind(console)
    if (level === 'info' || level === 'debug') {
      store[WRITER] = (id, line) =>
        original(`${line.method} ${line.route} ${line.status} ${line.ms} ms${line.cache ? ` ${line.cache}` : ''} #${id}`)
    }
    return
  }
  const logger = pino({
    level,
    base: { pid: process.pid },
    formatters: { level: (label) => ({ level: label }) },
    timestamp: pino.stdTimeFunctions.isoTime,
  })
  const at =
    (method: Level) =>
    (...parts: unknown[]) => {
      const req = currentRequestId()
      if (req) logger[method]({ req }, text(parts))
      else logger[method](text(parts))
    }
  console.debug = at('debug')
  console.log = at('info')
  console.info = at('info')
  console.warn = at('warn')
  console.error = at('error')
  if (logger.isLevelEnabled('info')) store[WRITER] = (req, line) => logger.info({ req, ...line }, 'request')
}

/** Whether request lines are written at all (LOG_LEVEL is info or debug): a replayed answer makes an id only then. */
export const requestLinesOn = (): boolean => store[WRITER] !== undefined

/** The request's own line (the server entry, when the answer is ready). */
export function logRequest(id: string, line: RequestLine): void {
  store[WRITER]?.(id, line)
}

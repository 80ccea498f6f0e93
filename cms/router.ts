/**
 * The embedded CMS's router: a table of routes (method and path pattern → handler),
 * tried in order. A handler that throws is logged and answered 500 with the route's own
 * message; a request no route takes is WordPress's `rest_no_route` 404.
 */
import { loggableError } from '../app/lib/log-redaction'
import { errorBody, json } from './http'

export interface RouteCall {
  request: Request
  url: URL
  /** The pattern's capture groups, `''` for a group that did not take part. */
  params: readonly string[]
}

export interface Route {
  /** The methods the route answers; a read also answers HEAD (`npm run cms` drops the body). */
  methods: readonly string[]
  /**
   * Matched against the path as sent (`'sent'`: the writes, whose ids and calls are
   * plain ASCII) or percent-decoded with trailing slashes dropped (`'decoded'`: the
   * reads, whose page names may be encoded). A path that does not decode is a 400.
   */
  path: 'sent' | 'decoded'
  pattern: RegExp
  /** Logged with the error when the handler throws, e.g. `[cms] comment`. */
  logLabel: string
  /** The 500's message when the handler throws. */
  failure: string
  handle: (call: RouteCall) => Promise<Response>
}

const noRoute = () => json(errorBody('rest_no_route', 'No route was found matching the URL and request method.', 404), 404)

export function createRouter(routes: readonly Route[]): (request: Request) => Promise<Response> {
  return async function route(request) {
    let url: URL
    try {
      url = new URL(request.url)
    } catch {
      return json(errorBody('rest_invalid_url', 'Invalid URL', 400), 400)
    }
    let decoded: string | undefined
    for (const candidate of routes) {
      if (!candidate.methods.includes(request.method)) continue
      let path = url.pathname
      if (candidate.path === 'decoded') {
        if (decoded === undefined) {
          try {
            decoded = decodeURIComponent(url.pathname).replace(/\/+$/, '')
          } catch {
            return json(errorBody('rest_invalid_url', 'Invalid URL encoding', 400), 400)
          }
        }
        path = decoded
      }
      const match = candidate.pattern.exec(path)
      if (!match) continue
      try {
        return await candidate.handle({ request, url, params: match.slice(1).map((group) => group ?? '') })
      } catch (error) {
        console.error(candidate.logLabel, loggableError(error))
        return json(errorBody('internal_error', candidate.failure, 500), 500)
      }
    }
    return noRoute()
  }
}

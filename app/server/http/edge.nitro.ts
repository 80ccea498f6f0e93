/**
 * A Nitro runtime plugin (vite.config.ts): the server's edge, for every answer the
 * process gives, including those that never reach the server entry (public files, Nitro's
 * own errors): the security headers, HSTS over HTTPS, a same-origin `Location`
 * (edge-headers.server.ts); readable answers to requests Node's parser refuses
 * (parser-errors.server.ts); and, once the process is stopping, `Connection: close`
 * (shutdown.server.ts).
 */
import { definePlugin } from 'nitro'
import { applyEdgeHeaders } from './edge-headers.server'
import { answerParserErrorsOfEveryServer } from './parser-errors.server'
import { stopping } from './shutdown.server'

export default definePlugin((nitroApp) => {
  answerParserErrorsOfEveryServer()
  nitroApp.hooks.hook('response', (response, event) => {
    try {
      // h3's event has the parsed URL; its type does not say so.
      const url = 'url' in event && event.url instanceof URL ? event.url : new URL(event.req.url)
      applyEdgeHeaders(response.headers, event.req, url, response.status)
      // Stopping: Node keeps a keep-alive connection open after the server closes, and a client's next request on it
      // would meet the closing socket; so the connection ends with this answer (docs/decisions/033). HTTP/1.1 only,
      // which is what the Node server speaks behind its proxy (docs/deploy.md).
      if (stopping()) response.headers.set('connection', 'close')
    } catch (error) {
      // Headers of a fetched answer are immutable; none is sent as it is today.
      if (!(error instanceof TypeError)) throw error
      console.error(`[edge] headers not added to a ${response.status} answer: ${error.message}`)
    }
  })
})

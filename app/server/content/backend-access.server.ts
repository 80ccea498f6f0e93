/**
 * What every call of the `wp` adapter (backend-source.server.ts) goes through: the URLs of
 * the backend's endpoints, the one BackendClient, GET with concurrent reads of one URL
 * sharing one call, parsing an answer against the contract, and how a call that failed
 * is reported and named for the rest of the site.
 */
import type { z } from 'zod'
import { ContentUnavailableError } from './content-source.server'
import { BackendNoAnswerError, describeCall, type BackendClient } from './backend-client.server'

export interface BackendAccess {
  /** The API origin, without a trailing slash. */
  baseUrl: string
  client: BackendClient
  /** `{baseUrl}{path}?{query}`, leaving out the empty values. */
  url: (path: string, query: Record<string, string | number | boolean | undefined>) => string
  /** GET a URL and return status and parsed JSON; no answer, a 5xx or a body that is not JSON become ContentUnavailableError. */
  getJson: (target: string) => Promise<{ status: number; body: unknown }>
  /** The body as the schema reads it; an answer outside the contract is ContentUnavailableError('invalid'). */
  parse: <T extends z.ZodType>(schema: T, body: unknown, target: string) => z.infer<T>
  /** Hands an answer outside the contract to the server log (an outage is the breaker's to log). */
  report: (error: Error) => void
  /** A call that got no answer, as the rest of the site knows it. */
  unavailable: (error: unknown, method: string, target: string) => ContentUnavailableError
}

export function createBackendAccess(baseUrl: string, client: BackendClient, onError?: (error: Error) => void): BackendAccess {
  /** Only an answer outside the contract is reported here: an outage is the breaker's to log. */
  const report = (error: Error) => {
    if (error instanceof ContentUnavailableError && error.reason === 'invalid') onError?.(error)
  }
  /** A call that got no answer, as the rest of the site knows it. */
  const unavailable = (error: unknown, method: string, target: string) =>
    error instanceof BackendNoAnswerError
      ? new ContentUnavailableError(error.reason, error.call)
      : new ContentUnavailableError('unreachable', describeCall(method, target))
  /** Concurrent reads of one URL share one call (and one parsed body). */
  const inflight = new Map<string, Promise<{ status: number; body: unknown }>>()

  function url(path: string, query: Record<string, string | number | boolean | undefined>): string {
    const params = new URLSearchParams()
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== '') params.set(key, String(value))
    }
    const search = params.toString()
    return `${baseUrl}${path}${search ? `?${search}` : ''}`
  }

  /** GET a URL and return status and parsed JSON; no answer, a 5xx or a body that is not JSON become ContentUnavailableError. */
  function getJson(target: string): Promise<{ status: number; body: unknown }> {
    const running = inflight.get(target)
    if (running) return running
    const task = (async () => {
      let response: Response
      try {
        response = await client.request(target, { headers: { accept: 'application/json' } })
      } catch (error) {
        throw unavailable(error, 'GET', target)
      }
      if (response.status >= 500) {
        await response.body?.cancel()
        throw new ContentUnavailableError('status', `${describeCall('GET', target)} answered ${response.status}`)
      }
      let body: unknown
      try {
        body = await response.json()
      } catch {
        throw new ContentUnavailableError(
          'invalid',
          `${describeCall('GET', target)} answered ${response.status} with a body that is not JSON`,
        )
      }
      return { status: response.status, body }
    })().finally(() => inflight.delete(target))
    inflight.set(target, task)
    return task
  }

  function parse<T extends z.ZodType>(schema: T, body: unknown, target: string): z.infer<T> {
    const result = schema.safeParse(body)
    if (!result.success) {
      const where = result.error.issues
        .slice(0, 3)
        .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
        .join('; ')
      throw new ContentUnavailableError('invalid', `${describeCall('GET', target)} broke the contract: ${where}`)
    }
    return result.data
  }

  return { baseUrl, client, url, getJson, parse, report, unavailable }
}

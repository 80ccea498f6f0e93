/**
 * Error markers that cross the server-function boundary. Errors are serialized on the
 * way to the browser, so they are recognized by message, not by class.
 */

/** The content backend could not answer (requirements §10.3: 503, not 404). */
const CONTENT_UNAVAILABLE = 'CONTENT_UNAVAILABLE'

export function contentUnavailable(): Error {
  return new Error(CONTENT_UNAVAILABLE)
}

export function isContentUnavailable(error: unknown): boolean {
  return error instanceof Error && error.message === CONTENT_UNAVAILABLE
}

/** What replaces any unexpected server error before it leaves the server: no details, no stack. */
export const INTERNAL_ERROR = 'INTERNAL_ERROR'

/** The client went over a rate limit (a search in the browser); the answer is a 429 with Retry-After. */
export const TOO_MANY_REQUESTS = 'TOO_MANY_REQUESTS'

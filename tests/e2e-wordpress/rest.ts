/** WordPress's REST API as the admin of the WordPress under test (its application password). */
import { WORDPRESS_URL } from '../../playwright.wordpress.config'
import { wordpressAuth } from '../contract/backend'

/** How long one REST call may take: a busy WordPress answers in seconds, a stuck one never. */
const CALL_TIMEOUT_MS = 45_000

/**
 * A JSON call, whatever the status. A call that gets no answer fails naming itself, so a
 * stuck WordPress shows in the report as that call, not as the test's timeout.
 */
export async function call(method: string, route: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  try {
    const response = await fetch(`${WORDPRESS_URL}/api${route}`, {
      method,
      headers: { authorization: wordpressAuth(), 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    })
    return { status: response.status, body: (await response.json()) as unknown }
  } catch (error) {
    throw new Error(`${method} ${route} to WordPress: ${(error as Error).message}`, { cause: error })
  }
}

/** A file into the media library, as the block editor uploads one; the new attachment's id. */
export async function upload(filename: string, type: string, bytes: Uint8Array): Promise<number> {
  const response = await fetch(`${WORDPRESS_URL}/api/wp/v2/media`, {
    method: 'POST',
    headers: { authorization: wordpressAuth(), 'content-type': type, 'content-disposition': `attachment; filename="${filename}"` },
    body: bytes as Uint8Array<ArrayBuffer>,
  })
  const body = (await response.json()) as { id?: number; message?: string }
  if (response.status !== 201 || typeof body.id !== 'number')
    throw new Error(`upload of ${filename}: ${response.status} ${body.message ?? ''}`)
  return body.id
}

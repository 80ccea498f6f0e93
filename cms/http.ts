/**
 * The embedded CMS's HTTP helpers: JSON answers, WordPress's REST error shape, and
 * reading a request body with a hard size limit.
 */
import type { z } from 'zod'
import type { wireErrorResponse } from '../app/contract/wire'
import type { LocaleContent } from './content-store'

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  })
}

/** WordPress's REST error: `{ code, message, data: { status } }`, optionally with the site frame. */
export function errorBody(code: string, message: string, status: number, content?: LocaleContent): z.input<typeof wireErrorResponse> {
  return {
    code,
    message,
    data: { status, ...(content ? { result: { menu: content.menus, options: content.options } } : {}) },
  }
}

export function errorResponse(code: string, message: string, status: number): Response {
  return json(errorBody(code, message, status), status)
}

/**
 * The request's body, or null when it is larger than `limit` bytes. A declared
 * Content-Length over the limit is refused before reading; the stream is counted as it
 * arrives too, so a missing or false Content-Length cannot make us buffer more.
 */
export async function readLimitedBody(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = request.headers.get('content-length')
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > limit) return null
  if (!request.body) return new Uint8Array(0)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => undefined)
      return null
    }
    chunks.push(value)
  }
  const body = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.byteLength
  }
  return body
}

/**
 * The visitor's address as the site reports it: the CMS is the site's backend, and the
 * site sets X-Forwarded-For to the one address its TRUST_PROXY rule believes
 * (app/server/http/visitor.server.ts). Run `npm run cms` where only the site can reach it.
 */
export function clientIp(request: Request): string | null {
  return (request.headers.get('x-forwarded-for') ?? '').split(',')[0]?.trim() || null
}

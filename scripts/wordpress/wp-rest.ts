/**
 * The seed's client of WordPress's REST API (scripts/wordpress/seed.ts), as the admin
 * with an application password: one call, every page of a collection, the batch
 * endpoint, and the documents of a type already there. Routes go through the plugin's
 * REST prefix, `/api`.
 *
 *   WORDPRESS_URL (default http://127.0.0.1:8088), WORDPRESS_APP_PASSWORD_FILE (default
 *   .cache/wordpress/app-password)
 */
import { readFileSync } from 'node:fs'
import { defaultLocale } from '../../app/config/site'

export const base = (process.env.WORDPRESS_URL ?? 'http://127.0.0.1:8088').replace(/\/+$/, '')
const credentials = readFileSync(process.env.WORDPRESS_APP_PASSWORD_FILE ?? '.cache/wordpress/app-password', 'utf8').trim()
export const authorization = `Basic ${Buffer.from(credentials).toString('base64')}`

export type Json = Record<string, unknown>

export class RestError extends Error {}

export async function rest<T = Json>(method: string, route: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}/api${route}`, {
    method,
    headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  if (!response.ok) throw new RestError(`${method} ${route} answered ${response.status}: ${text.slice(0, 400)}`)
  return JSON.parse(text) as T
}

/** Every item of a collection (100 a page). */
export async function all<T = Json>(route: string): Promise<T[]> {
  const items: T[] = []
  for (let page = 1; ; page++) {
    const separator = route.includes('?') ? '&' : '?'
    const response = await fetch(`${base}/api${route}${separator}per_page=100&page=${page}`, { headers: { authorization } })
    if (response.status === 400 && page > 1) break
    if (!response.ok) throw new RestError(`GET ${route} answered ${response.status}: ${(await response.text()).slice(0, 300)}`)
    const chunk = (await response.json()) as T[]
    items.push(...chunk)
    if (chunk.length < 100) break
  }
  return items
}

/** WordPress's batch endpoint: up to 25 writes per request. */
export async function batch(requests: Array<{ method: 'POST' | 'PUT' | 'DELETE'; path: string; body?: unknown }>): Promise<Json[]> {
  const answers: Json[] = []
  for (let index = 0; index < requests.length; index += 25) {
    const chunk = requests.slice(index, index + 25).map((request) => ({ ...request, path: request.path }))
    const result = await rest<{ responses: Array<{ status: number; body: Json }> }>('POST', '/batch/v1', {
      validation: 'normal',
      requests: chunk,
    })
    for (const [position, response] of result.responses.entries()) {
      if (response.status >= 400) {
        const request = chunk[position]
        throw new RestError(
          `${request?.method} ${request?.path} (batch) answered ${response.status}: ${JSON.stringify(response.body).slice(0, 400)}`,
        )
      }
      answers.push(response.body)
    }
  }
  return answers
}

/** A document as the seed finds it again: by type, then slug, locale and parent. */
export interface Existing {
  id: number
  slug: string
  parent?: number
  meta?: { kestrel_locale?: string }
}

export async function existingOf(type: string): Promise<Existing[]> {
  return all<Existing>(`/wp/v2/${type}?status=publish,draft,private,pending,future&context=edit&_fields=id,slug,parent,meta`)
}

export function finder(list: Existing[]) {
  return (slug: string, locale: string, parent = 0) =>
    list.find((item) => item.slug === slug && (item.meta?.kestrel_locale || defaultLocale) === locale && (item.parent ?? 0) === parent)?.id
}

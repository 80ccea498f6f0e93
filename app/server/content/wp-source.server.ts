/**
 * The `wp` adapter: the content API contract (SPEC §7) over HTTP, with a timeout.
 * It talks to a WordPress that implements the contract, or to the embedded CMS; the
 * embedded one is reached in-process by handing this adapter the CMS's fetch handler.
 */
import type { z } from 'zod'
import type { Locale } from '../../../app.config'
import { appPathSchema, pageNameSchema } from '../../content/queries'
import { contextFor, reshapeBaseResponse, reshapeMenus, reshapeOptions, reshapePopup, reshapePosts } from '../../content/reshape'
import { sanitizeCmsHtml } from '../../content/sanitize'
import {
  ContentNotFoundError,
  ContentUnavailableError,
  type CommentInput,
  type ContentSource,
  type PageQuery,
  type PostsQuery,
  type SubmissionInput,
  type UserRequest,
} from './source.server'
import {
  wireBaseResponse,
  wireErrorResponse,
  wireLayoutResponse,
  wirePopupResponse,
  wirePostsResponse,
  wireSitemapResponse,
  wireTagsResponse,
} from '../../content/wire'
import { wireSubmissionResponse, wireUserResponse } from '../../content/wire-forms'

/** Uploads of a few megabytes need longer than a page read. */
const UPLOAD_TIMEOUT_MS = 30_000

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>

export interface WpSourceOptions {
  /** The API origin, e.g. `https://cms.example.com` (calls go to `{baseUrl}/api/v1/…`). */
  baseUrl: string
  timeoutMs: number
  fetch?: FetchLike
  /** Called once per failed call, for the server log. */
  onError?: (error: Error) => void
}

/** Encodes a page name per segment, so `services/cloud` stays a path. */
function encodePath(pageName: string): string {
  return pageName
    .split('/')
    .filter(Boolean)
    .map((segment) => encodeURIComponent(segment))
    .join('/')
}

export function createWpSource(options: WpSourceOptions): ContentSource {
  const baseUrl = options.baseUrl.replace(/\/+$/, '')
  const doFetch: FetchLike = options.fetch ?? ((input, init) => fetch(input, init))
  const report = (error: Error) => options.onError?.(error)

  function url(path: string, query: Record<string, string | number | boolean | undefined>): string {
    const params = new URLSearchParams()
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== '') params.set(key, String(value))
    }
    const search = params.toString()
    return `${baseUrl}${path}${search ? `?${search}` : ''}`
  }

  /** GET a URL and return status and parsed JSON; network failures and timeouts become ContentUnavailableError. */
  async function getJson(target: string): Promise<{ status: number; body: unknown }> {
    let response: Response
    try {
      response = await doFetch(target, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
      })
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
      throw new ContentUnavailableError(timedOut ? 'timeout' : 'unreachable', `GET ${target}`)
    }
    if (response.status >= 500) {
      await response.body?.cancel()
      throw new ContentUnavailableError('status', `GET ${target} answered ${response.status}`)
    }
    let body: unknown
    try {
      body = await response.json()
    } catch {
      throw new ContentUnavailableError('invalid', `GET ${target} answered ${response.status} with a body that is not JSON`)
    }
    return { status: response.status, body }
  }

  function parse<T extends z.ZodType>(schema: T, body: unknown, target: string): z.infer<T> {
    const result = schema.safeParse(body)
    if (!result.success) {
      const where = result.error.issues
        .slice(0, 3)
        .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
        .join('; ')
      throw new ContentUnavailableError('invalid', `GET ${target} broke the contract: ${where}`)
    }
    return result.data
  }

  function notFoundFrom(body: unknown): ContentNotFoundError {
    const parsed = wireErrorResponse.safeParse(body)
    const frame = parsed.success ? parsed.data.data?.result : undefined
    if (frame?.options) {
      const ctx = contextFor(frame.options, baseUrl)
      return new ContentNotFoundError({ menus: reshapeMenus(frame.menu, ctx), options: reshapeOptions(frame.options, ctx) })
    }
    return new ContentNotFoundError()
  }

  return {
    async getPage(query: PageQuery) {
      // Whoever calls, only a slug path is ever appended to the endpoint (no `..` reaches the backend).
      if (!pageNameSchema.safeParse(query.pageName).success) throw new ContentNotFoundError()
      const target = url(`/api/v1/base/${encodePath(query.pageName)}`, {
        locale: query.locale,
        category: query.category,
        s: query.search,
        page: query.search && query.searchPage && query.searchPage > 1 ? query.searchPage : undefined,
        preview_id: query.previewId,
        preview_expires: query.previewId ? query.previewExpires : undefined,
        preview_token: query.previewId ? query.previewToken : undefined,
        dev: query.dev ? 'true' : undefined,
      })
      try {
        const { status, body } = await getJson(target)
        if (status === 404 || status === 410) throw notFoundFrom(body)
        if (status >= 400) throw new ContentUnavailableError('status', `GET ${target} answered ${status}`)
        const wire = parse(wireBaseResponse, body, target)
        const data = reshapeBaseResponse(wire, baseUrl)
        // SPEC §8: a result with an error flag raises 404.
        if (wire.result.page.data.result.error) {
          throw new ContentNotFoundError({ menus: data.menus, options: data.options })
        }
        return data
      } catch (error) {
        if (error instanceof ContentUnavailableError) report(error)
        throw error
      }
    },

    async getLayout(path: string, locale: Locale) {
      if (!appPathSchema.safeParse(path).success) return {}
      const target = url(`/api/v1/layout/${encodePath(path)}`, { locale })
      try {
        const { status, body } = await getJson(target)
        if (status >= 400) return {}
        const parsed = wireLayoutResponse.safeParse(body)
        return parsed.success ? parsed.data : {}
      } catch {
        return {}
      }
    },

    async getPopup(id: string, locale: Locale) {
      const target = url(`/api/v1/popups/${encodeURIComponent(id)}`, { locale })
      const { status, body } = await getJson(target)
      if (status === 404) throw new ContentNotFoundError()
      if (status >= 400) throw new ContentUnavailableError('status', `GET ${target} answered ${status}`)
      return reshapePopup(parse(wirePopupResponse, body, target))
    },

    async getPosts(query: PostsQuery) {
      const target = url('/api/v1/posts', {
        locale: query.locale,
        page: query.page,
        tag: query.tag,
        cat: query.category,
        s: query.search,
        posts_per_page: query.perPage,
      })
      try {
        const { status, body } = await getJson(target)
        if (status >= 400) return { posts: [], pagination: null, failed: true }
        return reshapePosts(parse(wirePostsResponse, body, target))
      } catch (error) {
        if (error instanceof Error) report(error)
        return { posts: [], pagination: null, failed: true }
      }
    },

    async postComment(comment: CommentInput) {
      const target = `${baseUrl}/wp-comments-post.php`
      const form = new URLSearchParams({
        comment_post_ID: comment.postId,
        author: comment.author,
        email: comment.email,
        comment: comment.comment,
        locale: comment.locale,
      })
      let response: Response
      try {
        response = await doFetch(target, {
          method: 'POST',
          body: form,
          redirect: 'manual',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            ...(comment.visitorIp ? { 'x-forwarded-for': comment.visitorIp } : {}),
          },
          signal: AbortSignal.timeout(options.timeoutMs),
        })
      } catch {
        report(new ContentUnavailableError('unreachable', `POST ${target}`))
        return { ok: false, reason: 'unavailable' }
      }
      // WordPress redirects back to the post when it accepted the comment.
      if (response.status >= 300 && response.status < 400) return { ok: true }
      const text = (await response.text().catch(() => '')).replace(/<[^>]*>/g, ' ')
      if (response.status === 409) return { ok: false, reason: 'duplicate' }
      if (response.status === 429) return { ok: false, reason: 'flood' }
      if (response.status === 403 || response.status === 404) return { ok: false, reason: 'closed' }
      if (response.status >= 500) return { ok: false, reason: 'unavailable' }
      if (/valid email/i.test(text)) return { ok: false, reason: 'email' }
      if (/type your comment/i.test(text)) return { ok: false, reason: 'empty' }
      if (/too long/i.test(text)) return { ok: false, reason: 'too-long' }
      return { ok: false, reason: 'required' }
    },

    async submitForm(input: SubmissionInput) {
      const target = url(`/api/gf/v2/forms/${encodeURIComponent(input.formId)}/submissions`, { locale: input.locale })
      const body = new FormData()
      for (const [key, value, fileName] of input.entries) {
        if (typeof value === 'string') body.append(key, value)
        else body.append(key, value, fileName)
      }
      let response: Response
      try {
        response = await doFetch(target, {
          method: 'POST',
          body,
          headers: {
            accept: 'application/json',
            ...(input.visitorIp ? { 'x-forwarded-for': input.visitorIp } : {}),
            ...(input.sourceUrl ? { referer: input.sourceUrl } : {}),
            ...(input.idempotencyKey ? { 'idempotency-key': input.idempotencyKey } : {}),
          },
          signal: AbortSignal.timeout(Math.max(options.timeoutMs, UPLOAD_TIMEOUT_MS)),
        })
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
        const failure = new ContentUnavailableError(timedOut ? 'timeout' : 'unreachable', `POST ${target}`)
        report(failure)
        return { kind: 'unavailable', detail: failure.message }
      }
      if (response.status >= 500) {
        await response.body?.cancel()
        const failure = new ContentUnavailableError('status', `POST ${target} answered ${response.status}`)
        report(failure)
        return { kind: 'unavailable', detail: failure.message }
      }
      const json: unknown = await response.json().catch(() => null)
      const parsed = wireSubmissionResponse.safeParse(json)
      if (parsed.success) {
        const answer = parsed.data
        if (answer.is_valid === true) return { kind: 'valid', confirmationHtml: sanitizeCmsHtml(answer.confirmation_message ?? '') }
        return { kind: 'invalid', messages: answer.validation_messages ?? {} }
      }
      const error = wireErrorResponse.safeParse(json)
      if (response.status >= 400 && error.success) return { kind: 'rejected', status: response.status, message: error.data.message }
      const failure = new ContentUnavailableError('invalid', `POST ${target} answered ${response.status} outside the contract`)
      report(failure)
      return { kind: 'unavailable', detail: failure.message }
    },

    async userRequest(request: UserRequest) {
      const target = url(`/api/user/${request.action}`, { ...request.query, locale: request.locale })
      let response: Response
      try {
        response = await doFetch(target, {
          method: 'POST',
          body: JSON.stringify(request.fields),
          headers: {
            accept: 'application/json',
            'content-type': 'application/json',
            ...(request.visitorIp ? { 'x-forwarded-for': request.visitorIp } : {}),
            ...(request.idempotencyKey ? { 'idempotency-key': request.idempotencyKey } : {}),
          },
          signal: AbortSignal.timeout(options.timeoutMs),
        })
      } catch {
        report(new ContentUnavailableError('unreachable', `POST ${target}`))
        return { ok: false, status: 0, message: '' }
      }
      const json: unknown = await response.json().catch(() => null)
      const parsed = wireUserResponse.safeParse(json)
      if (response.status >= 500 || !parsed.success) {
        report(new ContentUnavailableError(parsed.success ? 'status' : 'invalid', `POST ${target} answered ${response.status}`))
        return { ok: false, status: 0, message: '' }
      }
      const answer = parsed.data
      if (response.status >= 400) return { ok: false, status: response.status, message: answer.message }
      const user = answer.user ? { id: String(answer.user.id), name: answer.user.name, email: answer.user.email } : null
      return { ok: true, message: answer.message, token: answer.token ?? null, user }
    },

    async getSitemapEntries(locale: Locale) {
      const target = url('/api/v1/sitemap', { locale })
      const { status, body } = await getJson(target)
      if (status >= 400) throw new ContentUnavailableError('status', `GET ${target} answered ${status}`)
      return parse(wireSitemapResponse, body, target).result.entries.map((entry) => ({
        key: entry.key,
        path: entry.path,
        modified: entry.modified ?? null,
        type: entry.type,
      }))
    },

    async getTagId(slug: string, locale: Locale) {
      const target = url('/api/wp/v2/tags', { slug, locale })
      try {
        const { status, body } = await getJson(target)
        if (status >= 400) return null
        const parsed = wireTagsResponse.safeParse(body)
        const first = parsed.success ? parsed.data[0] : undefined
        return first ? String(first.id) : null
      } catch {
        return null
      }
    },
  }
}

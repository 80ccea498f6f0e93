/**
 * The `wp` adapter: the content API contract (requirements §7) over HTTP. It talks to a WordPress
 * that implements the contract, or to the embedded CMS; the embedded one is reached
 * in-process by handing this adapter the CMS's fetch handler. Every call goes through one
 * BackendClient (timeouts, a retry for reads, the circuit breaker); concurrent reads of
 * one URL share one call.
 */
import type { z } from 'zod'
import { backendConfig, type Locale } from '../../../app.config'
import { isFormId, isPopupId } from '../../contract/page-name'
import { appPathSchema, pageNameSchema } from '../../contract/queries'
import { typeListingEntries, typePath, typeTargetOf } from '../../contract/content-types'
import { reshapeBaseResponse, reshapePopup } from '../../contract/reshape'
import { reshapePosts } from '../../contract/reshape-posts'
import { contextFor, reshapeMenus, reshapeOptions } from '../../contract/reshape-site'
import { sanitizeCmsHtml } from '../../contract/sanitize'
import {
  ContentNotFoundError,
  ContentUnavailableError,
  type ChatMessageInput,
  type CommentInput,
  type ContentSource,
  type BackendPageQuery,
  type PostsQuery,
  type SitemapEntry,
  type SubmissionInput,
  type UserRequest,
} from './content-source.server'
import {
  wireBaseResponse,
  wireErrorResponse,
  wireLayoutResponse,
  wirePopupResponse,
  wirePostsResponse,
  wireSitemapResponse,
  wireTagsResponse,
} from '../../contract/wire'
import { wireSubmissionResponse, wireUserResponse } from '../../contract/wire-forms'
import { wireChatResponse, type WireChatRequest } from '../../contract/wire-chat'
import { wireRedirectsResponse } from '../../contract/redirects'
import {
  BackendNoAnswerError,
  createBackendClient,
  describeCall,
  type BackendClient,
  type FetchLike,
  type OutageEvent,
} from './backend-client.server'

export type { FetchLike }

export interface WpSourceOptions {
  /** The API origin, e.g. `https://cms.example.com` (calls go to `{baseUrl}/api/v1/…`). */
  baseUrl: string
  /** Each attempt's limit (uploads get at least backendConfig.uploadTimeoutMs). */
  timeoutMs: number
  fetch?: FetchLike
  /** The client to call through; by default one of its own (its own breaker) with backendConfig's retry and breaker. */
  client?: BackendClient
  /** An answer that breaks the contract, for the server log (outages are logged by the breaker, once each way). */
  onError?: (error: Error) => void
  /** The breaker opened or closed (only when this source makes its own client). */
  onOutage?: (event: OutageEvent) => void
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
  const client =
    options.client ??
    createBackendClient({
      origin: baseUrl,
      fetch: options.fetch ?? ((input, init) => fetch(input, init)),
      timeoutMs: options.timeoutMs,
      retry: backendConfig.retry,
      breaker: backendConfig.breaker,
      onOutage: options.onOutage,
    })
  /** Only an answer outside the contract is reported here: an outage is the breaker's to log. */
  const report = (error: Error) => {
    if (error instanceof ContentUnavailableError && error.reason === 'invalid') options.onError?.(error)
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
    async getPage(query: BackendPageQuery) {
      // Whoever calls, only a slug path is ever appended to the endpoint (no `..` reaches the backend).
      if (!pageNameSchema.safeParse(query.pageName).success) throw new ContentNotFoundError()
      // A routed content type's listing or item is asked for by type and slug (decision 029).
      const item = typeTargetOf(query.locale, query.pageName)
      const path = item
        ? `/api/v1/items/${item.type}${item.slug === null ? '' : `/${encodeURIComponent(item.slug)}`}`
        : `/api/v1/base/${encodePath(query.pageName)}`
      const target = url(path, {
        locale: query.locale,
        category: item ? undefined : query.category,
        s: query.search,
        page: query.search && query.searchPage && query.searchPage > 1 ? query.searchPage : undefined,
        preview_id: query.previewId,
        preview_expires: query.previewId ? query.previewExpires : undefined,
        preview_token: query.previewId ? query.previewToken : undefined,
        dev: query.dev ? 'true' : undefined,
        extra: query.extra,
      })
      try {
        const { status, body } = await getJson(target)
        if (status === 404 || status === 410) throw notFoundFrom(body)
        if (status >= 400) throw new ContentUnavailableError('status', `${describeCall('GET', target)} answered ${status}`)
        const wire = parse(wireBaseResponse, body, target)
        const data = reshapeBaseResponse(wire, baseUrl, query.locale)
        // Requirements §8: a result with an error flag raises 404.
        if (wire.result.page.data.result.error) {
          throw new ContentNotFoundError({ menus: data.menus, options: data.options })
        }
        return data
      } catch (error) {
        if (error instanceof Error) report(error)
        throw error
      }
    },

    async getLayout(path: string, locale: Locale) {
      if (!appPathSchema.safeParse(path).success) return {}
      const target = url(`/api/v1/layout/${encodePath(path)}`, { locale })
      let answer: { status: number; body: unknown }
      try {
        answer = await getJson(target)
      } catch (error) {
        // Down is not "no layout": the cache in front answers the last good copy (or `{}`, requirements §7).
        if (error instanceof ContentUnavailableError && error.reason !== 'invalid') throw error
        return {}
      }
      if (answer.status >= 400) return {}
      const parsed = wireLayoutResponse.safeParse(answer.body)
      return parsed.success ? parsed.data : {}
    },

    async getPopup(id: string, locale: Locale) {
      if (!isPopupId(id)) throw new ContentNotFoundError()
      const target = url(`/api/v1/popups/${encodeURIComponent(id)}`, { locale })
      try {
        const { status, body } = await getJson(target)
        if (status === 404) throw new ContentNotFoundError()
        if (status >= 400) throw new ContentUnavailableError('status', `${describeCall('GET', target)} answered ${status}`)
        return reshapePopup(parse(wirePopupResponse, body, target))
      } catch (error) {
        if (error instanceof Error) report(error)
        throw error
      }
    },

    async getPosts(query: PostsQuery) {
      const target = url('/api/v1/posts', {
        locale: query.locale,
        type: query.type,
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
        response = await client.request(target, {
          method: 'POST',
          body: form,
          redirect: 'manual',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            ...(comment.visitorIp ? { 'x-forwarded-for': comment.visitorIp } : {}),
          },
        })
      } catch {
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
      // The id is appended to the endpoint: only digits (the server functions check it too).
      if (!isFormId(input.formId)) return { kind: 'rejected', status: 404, message: '' }
      const target = url(`/api/gf/v2/forms/${encodeURIComponent(input.formId)}/submissions`, { locale: input.locale })
      const body = new FormData()
      for (const [key, value, fileName] of input.entries) {
        if (typeof value === 'string') body.append(key, value)
        else body.append(key, value, fileName)
      }
      let response: Response
      try {
        response = await client.request(
          target,
          {
            method: 'POST',
            body,
            headers: {
              accept: 'application/json',
              ...(input.visitorIp ? { 'x-forwarded-for': input.visitorIp } : {}),
              ...(input.sourceUrl ? { referer: input.sourceUrl } : {}),
              ...(input.idempotencyKey ? { 'idempotency-key': input.idempotencyKey } : {}),
            },
          },
          Math.max(options.timeoutMs, backendConfig.uploadTimeoutMs),
        )
      } catch (error) {
        return { kind: 'unavailable', detail: unavailable(error, 'POST', target).message }
      }
      if (response.status >= 500) {
        await response.body?.cancel()
        return {
          kind: 'unavailable',
          detail: new ContentUnavailableError('status', `${describeCall('POST', target)} answered ${response.status}`).message,
        }
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
      const failure = new ContentUnavailableError(
        'invalid',
        `${describeCall('POST', target)} answered ${response.status} outside the contract`,
      )
      report(failure)
      return { kind: 'unavailable', detail: failure.message }
    },

    async userRequest(request: UserRequest) {
      const target = url(`/api/user/${request.action}`, { ...request.query, locale: request.locale })
      let response: Response
      try {
        response = await client.request(target, {
          method: 'POST',
          body: JSON.stringify(request.fields),
          headers: {
            accept: 'application/json',
            'content-type': 'application/json',
            ...(request.visitorIp ? { 'x-forwarded-for': request.visitorIp } : {}),
            ...(request.idempotencyKey ? { 'idempotency-key': request.idempotencyKey } : {}),
            ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
          },
        })
      } catch {
        return { ok: false, status: 0, message: '' }
      }
      const json: unknown = await response.json().catch(() => null)
      const parsed = wireUserResponse.safeParse(json)
      if (response.status >= 500 || !parsed.success) {
        if (response.status < 500) {
          report(new ContentUnavailableError('invalid', `${describeCall('POST', target)} answered ${response.status} outside the contract`))
        }
        return { ok: false, status: 0, message: '' }
      }
      const answer = parsed.data
      if (response.status >= 400) return { ok: false, status: response.status, message: answer.message }
      const user = answer.user ? { id: String(answer.user.id), name: answer.user.name, email: answer.user.email } : null
      return { ok: true, message: answer.message, token: answer.token ?? null, user }
    },

    async sendChatMessage(input: ChatMessageInput) {
      const target = url('/api/v1/chat/messages', { locale: input.locale })
      const body: WireChatRequest = {
        locale: input.locale,
        message: input.message,
        ...(input.ticket && input.token ? { ticket: input.ticket, token: input.token } : {}),
        ...(input.pageUrl ? { page_url: input.pageUrl } : {}),
      }
      let response: Response
      try {
        response = await client.request(target, {
          method: 'POST',
          body: JSON.stringify(body),
          headers: {
            accept: 'application/json',
            'content-type': 'application/json',
            ...(input.visitorIp ? { 'x-forwarded-for': input.visitorIp } : {}),
          },
        })
      } catch {
        return { kind: 'unavailable' }
      }
      const json: unknown = await response.json().catch(() => null)
      if (response.status >= 500 && response.status !== 501) return { kind: 'unavailable' }
      if (response.status >= 400) {
        const error = wireErrorResponse.safeParse(json)
        const message = error.success ? error.data.message : ''
        if (response.status === 501) return { kind: 'refused', reason: 'not-supported', message }
        if (response.status === 404) return { kind: 'refused', reason: 'unknown-ticket', message }
        if (response.status === 409) return { kind: 'refused', reason: 'full', message }
        if (response.status === 429) return { kind: 'unavailable' }
        return { kind: 'refused', reason: 'invalid', message }
      }
      const parsed = wireChatResponse.safeParse(json)
      if (!parsed.success) {
        report(new ContentUnavailableError('invalid', `${describeCall('POST', target)} answered ${response.status} outside the contract`))
        return { kind: 'unavailable' }
      }
      return { kind: 'reply', ticket: String(parsed.data.ticket), token: parsed.data.token, reply: parsed.data.reply.text }
    },

    async getSitemapEntries(locale: Locale) {
      const target = url('/api/v1/sitemap', { locale })
      const { status, body } = await getJson(target)
      if (status >= 400) throw new ContentUnavailableError('status', `${describeCall('GET', target)} answered ${status}`)
      // An item's path is the site's (decision 029); one of a type the site does not route is left out.
      const entries = parse(wireSitemapResponse, body, target).result.entries.flatMap((entry): SitemapEntry[] => {
        const path = entry.type === 'item' ? typePath(locale, entry.item_type, entry.slug) : entry.path
        return path === null ? [] : [{ key: entry.key, path, modified: entry.modified ?? null, type: entry.type }]
      })
      return [...entries, ...typeListingEntries(locale, entries)]
    },

    async getRedirects() {
      const target = url('/api/v1/redirects', {})
      const { status, body } = await getJson(target)
      // A backend that predates the endpoint has no redirects, which is not an outage.
      if (status === 404) return []
      if (status >= 400) throw new ContentUnavailableError('status', `${describeCall('GET', target)} answered ${status}`)
      return parse(wireRedirectsResponse, body, target).result.redirects
    },

    async getTagId(slug: string, locale: Locale) {
      const target = url('/api/wp/v2/tags', { slug, locale })
      let answer: { status: number; body: unknown }
      try {
        answer = await getJson(target)
      } catch (error) {
        // Down is not "no such tag": the cache in front answers the last good copy (or null, requirements §7).
        if (error instanceof ContentUnavailableError && error.reason !== 'invalid') throw error
        return null
      }
      if (answer.status >= 400) return null
      const parsed = wireTagsResponse.safeParse(answer.body)
      const first = parsed.success ? parsed.data[0] : undefined
      return first ? String(first.id) : null
    },
  }
}

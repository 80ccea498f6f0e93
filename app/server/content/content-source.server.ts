/**
 * The one interface between the site and its content backend (docs/architecture.md).
 * Swapping the backend means writing another implementation of ContentSource.
 */
import type { Locale } from '../../config/site'
import type { CommentOutcome, Menus, PageData, Popup, PostList, SiteOptions } from '../../contract/model'
import type { BackendPageQuery, PageQuery, PostsQuery } from '../../contract/queries'

export type { BackendPageQuery, PageQuery, PostsQuery }

export interface CommentInput {
  locale: Locale
  postId: string
  author: string
  email: string
  comment: string
  /** The visitor's address, for the backend's flood check (from the request, not the browser). */
  visitorIp: string | null
}

export interface SitemapEntry {
  key: string
  path: string
  modified: string | null
  type: 'page' | 'post' | 'item'
}

/** Requirements §7: POST {api}/api/gf/v2/forms/{id}/submissions, multipart with `input_{fieldId}` keys. */
export interface SubmissionInput {
  formId: string
  locale: Locale
  entries: Array<[string, string | Blob, string?]>
  visitorIp: string | null
  sourceUrl: string
  /** Sent as `Idempotency-Key`: the backend keeps one entry per key (docs/content-api.md). */
  idempotencyKey?: string
}

export type SubmissionOutcome =
  | { kind: 'valid'; confirmationHtml: string }
  | { kind: 'invalid'; messages: Record<string, string> }
  /** A 4xx other than validation (unknown form, too large): the backend's message. */
  | { kind: 'rejected'; status: number; message: string }
  /** Network error, timeout, 5xx or an answer outside the contract; `detail` says which, for the log. */
  | { kind: 'unavailable'; detail?: string }

/** Requirements §7: POST {apiUrl}/api/user/{action}. */
type UserAction = 'login' | 'register' | 'forgot' | 'reset-password' | 'logout'

export interface UserRequest {
  action: UserAction
  locale: Locale
  fields: Record<string, string>
  query?: Record<string, string>
  visitorIp: string | null
  /** Sent as `Idempotency-Key` on the calls that are safe to retry (register, forgot). */
  idempotencyKey?: string
  /** The visitor's session token, as a bearer token (logout). */
  token?: string
}

export type UserOutcome =
  | { ok: true; message: string; token: string | null; user: { id: string; name: string; email: string } | null }
  | { ok: false; status: number; message: string }

/** The built-in chat's message (docs/content-api.md, `POST {api}/api/v1/chat/messages`). */
export interface ChatMessageInput {
  locale: Locale
  message: string
  /** The ticket and its token, to continue a conversation the backend started. */
  ticket?: string
  token?: string
  pageUrl?: string
  visitorIp: string | null
}

type ChatOutcome =
  | { kind: 'reply'; ticket: string; token: string; reply: string }
  /** A 4xx: `unknown-ticket` (start again), `full` (the ticket takes no more), `invalid`, `not-supported` (501). */
  | { kind: 'refused'; reason: 'unknown-ticket' | 'full' | 'invalid' | 'not-supported'; message: string }
  /** Network error, timeout, 5xx or an answer outside the contract. */
  | { kind: 'unavailable' }

export interface ContentSource {
  /** Throws ContentNotFoundError or ContentUnavailableError. */
  getPage(query: BackendPageQuery): Promise<PageData>
  /**
   * Requirements §7: failure is swallowed and an empty object used. The `wp` adapter throws
   * ContentUnavailableError when the backend is down, so the cache in front can tell an
   * outage from "no layout" and answer the last good copy (then `{}`).
   */
  getLayout(path: string, locale: Locale): Promise<{ layout?: string }>
  /** Throws ContentNotFoundError or ContentUnavailableError. */
  getPopup(id: string, locale: Locale): Promise<Popup>
  /** Requirements §7: failure gives an empty list. */
  getPosts(query: PostsQuery): Promise<PostList>
  /** Requirements §7: the first matching tag's id, null on failure (the `wp` adapter throws when down, as for getLayout). */
  getTagId(slug: string, locale: Locale): Promise<string | null>
  /** Requirements §7: POST {api}/wp-comments-post.php, read as WordPress answers it. */
  postComment(comment: CommentInput): Promise<CommentOutcome>
  /** Never throws: an unreachable backend is `unavailable`. */
  submitForm(input: SubmissionInput): Promise<SubmissionOutcome>
  /** Never throws: the built-in chat's message, stored as part of a support ticket. */
  sendChatMessage(input: ChatMessageInput): Promise<ChatOutcome>
  /** Never throws: an unreachable backend answers status 0 with an empty message. */
  userRequest(request: UserRequest): Promise<UserOutcome>
  /** Every public page and post of a locale, for the sitemap. Throws ContentUnavailableError. */
  getSitemapEntries(locale: Locale): Promise<SitemapEntry[]>
  /**
   * The editor's redirects, unchecked (app/contract/redirects.ts reads each rule). A backend
   * without the endpoint (404) has none. Throws ContentUnavailableError when it is down.
   */
  getRedirects(): Promise<unknown[]>
}

/**
 * The backend says the thing does not exist (HTTP 404, or a result with the error
 * flag). It may still carry the site's frame so the 404 screen has menus and options.
 */
export class ContentNotFoundError extends Error {
  constructor(
    readonly frame: { menus: Menus; options: SiteOptions } | null = null,
    message = 'Content not found',
  ) {
    super(message)
    this.name = 'ContentNotFoundError'
  }
}

/**
 * The backend could not answer: unreachable, timed out, a 5xx, or an answer that
 * breaks the contract. Not a missing page: the site answers 503 (requirements §10.3).
 */
export class ContentUnavailableError extends Error {
  constructor(
    /** `open`: not tried, the circuit breaker says the backend is down. */
    readonly reason: 'unreachable' | 'timeout' | 'status' | 'invalid' | 'open',
    detail: string,
  ) {
    super(`Content backend unavailable (${reason}): ${detail}`)
    this.name = 'ContentUnavailableError'
  }
}

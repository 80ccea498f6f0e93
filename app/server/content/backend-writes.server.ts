/**
 * The `wp` adapter's writes (backend-source.server.ts): a comment (WordPress's own
 * wp-comments-post.php), a form submission (Gravity Forms' REST v2), the account calls and
 * a chat message. None is retried; each answer becomes an outcome the site shows, and an
 * answer outside the contract is reported.
 */
import { backendConfig } from '../config.server'
import { isFormId } from '../../contract/page-name'
import { sanitizeCmsHtml } from '../../contract/sanitize'
import { wireErrorResponse } from '../../contract/wire'
import { wireChatResponse, type WireChatRequest } from '../../contract/wire-chat'
import { wireSubmissionResponse, wireUserResponse } from '../../contract/wire-forms'
import type { BackendAccess } from './backend-access.server'
import { describeCall } from './backend-client.server'
import {
  ContentUnavailableError,
  type ChatMessageInput,
  type CommentInput,
  type ContentSource,
  type SubmissionInput,
  type UserRequest,
} from './content-source.server'

type BackendWrites = Pick<ContentSource, 'postComment' | 'submitForm' | 'userRequest' | 'sendChatMessage'>

/** `timeoutMs`: each attempt's limit (an upload gets at least backendConfig.uploadTimeoutMs). */
export function backendWrites({ baseUrl, client, url, report, unavailable }: BackendAccess, timeoutMs: number): BackendWrites {
  return {
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
          Math.max(timeoutMs, backendConfig.uploadTimeoutMs),
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
  }
}

/**
 * The built-in chat (requirements §11.4): the panel's messages go through this server function to
 * the backend's `POST /api/v1/chat/messages`, which stores them as a support ticket and
 * answers. Rate limited like the forms; every refusal is a message for the visitor.
 */
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { siteConfig } from '../../config/site'
import { localeSchema } from '../../contract/queries'
import { wireChatRequest } from '../../contract/wire-chat'
import { m } from '../../paraglide/messages'
import { rateLimit } from '../http/abuse.server'
import { getContentSource } from '../content/get-content-source.server'
import { requestVisitor } from '../http/visitor.server'

/** What the panel gets: the reply, or why not (`offline`: show the support form instead). */
export type ChatAnswer =
  | { status: 'reply'; ticket: string; token: string; reply: string }
  | { status: 'error'; reason: 'invalid' | 'too-many' | 'full' | 'offline'; message: string }

// The schema stays inside the validator: Start strips it from the browser's bundle there.
export const sendChatMessage = createServerFn({ method: 'POST' })
  .validator(
    z.object({
      locale: localeSchema,
      // Bounded loosely here: the handler answers an over-long message with a sentence, not a 400.
      message: z.string().max(siteConfig.chat.maxMessageLength * 4),
      ticket: wireChatRequest.shape.ticket,
      token: wireChatRequest.shape.token,
      pageUrl: z.string().max(2000).optional(),
    }),
  )
  .handler(async ({ data }): Promise<ChatAnswer> => {
    const { locale } = data
    const message = data.message.trim()
    if (!message) return { status: 'error', reason: 'invalid', message: m.chat_error_empty({}, { locale }) }
    if (message.length > siteConfig.chat.maxMessageLength) {
      return { status: 'error', reason: 'invalid', message: m.chat_error_too_long({ max: siteConfig.chat.maxMessageLength }, { locale }) }
    }
    if (await rateLimit('chat')) return { status: 'error', reason: 'too-many', message: m.chat_error_too_many({}, { locale }) }
    const source = getContentSource()
    const base = {
      locale,
      message,
      pageUrl: data.pageUrl?.startsWith('/') ? data.pageUrl : undefined,
      visitorIp: requestVisitor().ip || null,
    }
    let outcome = await source.sendChatMessage({ ...base, ticket: data.ticket, token: data.token })
    // A ticket the backend no longer knows (a reset database, another backend): start a new one.
    if (outcome.kind === 'refused' && outcome.reason === 'unknown-ticket') outcome = await source.sendChatMessage(base)
    switch (outcome.kind) {
      case 'reply':
        return { status: 'reply', ticket: outcome.ticket, token: outcome.token, reply: outcome.reply }
      case 'unavailable':
        return { status: 'error', reason: 'offline', message: m.chat_offline({}, { locale }) }
      case 'refused':
        if (outcome.reason === 'full')
          return { status: 'error', reason: 'full', message: outcome.message || m.chat_offline({}, { locale }) }
        if (outcome.reason === 'invalid') return { status: 'error', reason: 'invalid', message: m.chat_error_failed({}, { locale }) }
        // 501 (a backend without the built-in chat) or a ticket refused twice: the support form instead.
        return { status: 'error', reason: 'offline', message: m.chat_offline({}, { locale }) }
    }
  })

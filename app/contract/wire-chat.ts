/**
 * The built-in chat's call (ours, requirements §11.4): `POST {api}/api/v1/chat/messages`. The
 * visitor's message joins a support ticket (a new one when `ticket` is absent) and the
 * backend answers with its reply. docs/content-api.md describes it; `npm run schema`
 * publishes these schemas.
 */
import { z } from 'zod'
import { siteConfig } from '../../app.config'

/** What the site sends: JSON. `ticket` and `token` continue a conversation the backend started. */
export const wireChatRequest = z.object({
  locale: z.string().regex(/^[a-z]{2}(-[A-Za-z]{2})?$/),
  message: z.string().min(1).max(siteConfig.chat.maxMessageLength),
  ticket: z
    .string()
    .regex(/^\d{1,20}$/)
    .optional(),
  /** The secret the backend gave with the ticket: only its holder may add to it. */
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,200}$/)
    .optional(),
  /** The path of the page the visitor chats from. */
  page_url: z.string().max(2000).optional(),
})

/** 200: the ticket the message joined, and the reply. */
export const wireChatResponse = z.object({
  ticket: z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/)]),
  token: z.string().regex(/^[A-Za-z0-9_-]{16,200}$/),
  reply: z.object({ text: z.string().min(1).max(2000), at: z.string().max(40).optional() }),
})

export type WireChatRequest = z.input<typeof wireChatRequest>
export type WireChatResponse = z.infer<typeof wireChatResponse>

/** The chat call's schemas published as JSON Schema (scripts/write-json-schema.ts), by name. */
export const chatContractSchemas = {
  ChatRequest: wireChatRequest,
  ChatResponse: wireChatResponse,
} as const

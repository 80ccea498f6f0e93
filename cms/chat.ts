/**
 * The built-in live chat (docs/content-api.md, `POST /api/v1/chat/messages`): each
 * conversation is a support ticket; the visitor's messages are stored with it and
 * answered by a canned reply in the visitor's locale (an engineer takes the ticket from
 * the database). Only the holder of the ticket's token may add to it.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { wireChatRequest, type WireChatResponse } from '../app/contract/wire-chat'
import { siteConfig } from '../app/config/site'
import type { CmsContext } from './context'
import { clientIp, errorResponse, json, readLimitedBody } from './http'
import { message } from './messages'

/** A chat request is a short JSON object: anything larger is refused before it is parsed. */
const MAX_REQUEST_BYTES = 16_384

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

export async function postChatMessage(ctx: CmsContext, request: Request): Promise<Response> {
  if (!ctx.database) return errorResponse('chat_unavailable', 'The chat is not available.', 503)
  const body = await readLimitedBody(request, MAX_REQUEST_BYTES)
  if (!body) return errorResponse('chat_too_large', `The request is larger than ${MAX_REQUEST_BYTES} bytes.`, 413)
  let raw: unknown
  try {
    raw = JSON.parse(new TextDecoder().decode(body))
  } catch {
    return errorResponse('chat_invalid', 'The request body must be JSON.', 400)
  }
  const parsed = wireChatRequest.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return errorResponse('chat_invalid', `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`, 400)
  }
  const input = parsed.data
  const text = input.message.trim()
  if (!text) return errorResponse('chat_invalid', 'message: must not be blank', 400)
  const content = await ctx.store.get(input.locale)
  const locale = content?.locale ?? ctx.defaultLocale
  const db = await ctx.database()

  let ticket: number
  let token: string
  if (input.ticket !== undefined) {
    if (!input.token) return errorResponse('chat_invalid', 'token: required with ticket', 400)
    const row = (await db.execute({ sql: 'SELECT token_hash FROM chat_tickets WHERE id = ?', args: [Number(input.ticket)] })).rows[0]
    if (!row || !sameHash(String(row.token_hash), hashToken(input.token))) {
      return errorResponse('chat_unknown_ticket', 'No such ticket, or the token does not match.', 404)
    }
    const count = Number(
      (
        await db.execute({
          sql: "SELECT count(*) AS n FROM chat_messages WHERE ticket_id = ? AND author = 'visitor'",
          args: [Number(input.ticket)],
        })
      ).rows[0]?.n ?? 0,
    )
    if (count >= siteConfig.chat.maxMessagesPerTicket) {
      return errorResponse('chat_ticket_full', message(locale, 'chatTicketFull'), 409)
    }
    ticket = Number(input.ticket)
    token = input.token
  } else {
    token = randomBytes(24).toString('base64url')
    const created = await db.execute({
      sql: 'INSERT INTO chat_tickets (token_hash, locale, page_url, visitor_ip) VALUES (?, ?, ?, ?) RETURNING id',
      args: [hashToken(token), locale, input.page_url ?? null, clientIp(request)],
    })
    ticket = Number(created.rows[0]?.id)
  }
  const reply = message(locale, 'chatReply', { ticket })
  const at = new Date().toISOString()
  await db.batch(
    [
      { sql: "INSERT INTO chat_messages (ticket_id, author, body) VALUES (?, 'visitor', ?)", args: [ticket, text] },
      { sql: "INSERT INTO chat_messages (ticket_id, author, body, created_at) VALUES (?, 'agent', ?, ?)", args: [ticket, reply, at] },
    ],
    'write',
  )
  const answer: WireChatResponse = { ticket, token, reply: { text: reply, at } }
  return json(answer)
}

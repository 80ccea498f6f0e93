import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { wireBaseResponse } from '../app/contract/wire'
import { wireChatResponse } from '../app/contract/wire-chat'
import { siteConfig } from '../app/config/site'
import { createContentStore } from './content-store'
import { openDatabase } from './db'
import { createCmsHandler } from './handler'
import { createSearchIndex } from './search'

const store = createContentStore(path.resolve('content'), ['en', 'de'])
const database = openDatabase(':memory:')
const search = createSearchIndex(() => database, store, 'en')
const handle = createCmsHandler({ store, defaultLocale: 'en', search, database: () => database })

const send = (body: unknown, raw?: string) =>
  handle(
    new Request('http://cms.test/api/v1/chat/messages', {
      method: 'POST',
      body: raw ?? JSON.stringify(body),
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.5' },
    }),
  )

const chatOf = async (page: string, locale = 'en') =>
  wireBaseResponse.parse(await (await handle(new Request(`http://cms.test/api/v1/base/${page}?locale=${locale}`))).json()).result.page.data
    .result.chat

describe('embedded CMS: the page chat field', () => {
  it('offers the built-in chat from options.json, none where a page turns it off, and a page its own provider', async () => {
    expect(await chatOf('home')).toEqual({ provider: 'builtin', widget_id: null, enabled: true })
    expect(await chatOf('blog/five-signs-your-backups-will-not-restore')).toMatchObject({ provider: 'builtin' })
    expect(await chatOf('privacy')).toBe(false)
    expect(await chatOf('login', 'de')).toBe(false)
    expect(await chatOf('careers')).toEqual({ provider: 'crisp', widget_id: '00000000-0000-4000-8000-000000000000', enabled: true })
  })
})

describe('embedded CMS: POST /api/v1/chat/messages', () => {
  it('stores the message as a new ticket and answers a canned reply in the locale', async () => {
    const response = await send({ locale: 'de', message: '  Drucker kaputt  ', page_url: '/de/support' })
    expect(response.status).toBe(200)
    const answer = wireChatResponse.parse(await response.json())
    expect(answer.reply.text).toContain(`Ticket #${answer.ticket}`)
    const db = await database
    const ticket = (await db.execute({ sql: 'SELECT * FROM chat_tickets WHERE id = ?', args: [answer.ticket] })).rows[0]!
    expect(ticket).toMatchObject({ locale: 'de', page_url: '/de/support', visitor_ip: '203.0.113.5', status: 'open' })
    // The token is kept only as its hash.
    expect(JSON.stringify(ticket)).not.toContain(answer.token)
    const messages = (
      await db.execute({ sql: 'SELECT author, body FROM chat_messages WHERE ticket_id = ? ORDER BY id', args: [answer.ticket] })
    ).rows
    expect(messages.map((row) => [row.author, row.body])).toEqual([
      ['visitor', 'Drucker kaputt'],
      ['agent', answer.reply.text],
    ])
  })

  it('adds to a ticket only with its token', async () => {
    const first = wireChatResponse.parse(await (await send({ locale: 'en', message: 'Hello' })).json())
    const again = await send({ locale: 'en', message: 'Still there?', ticket: String(first.ticket), token: first.token })
    expect(again.status).toBe(200)
    expect(wireChatResponse.parse(await again.json()).ticket).toBe(first.ticket)
    const stranger = await send({ locale: 'en', message: 'Let me in', ticket: String(first.ticket), token: 'x'.repeat(32) })
    expect(stranger.status).toBe(404)
    expect(await stranger.json()).toMatchObject({ code: 'chat_unknown_ticket' })
  })

  it('refuses empty, too long and malformed messages with a 400 that says why', async () => {
    for (const body of [
      { locale: 'en', message: '' },
      { locale: 'en', message: '   ' },
      { locale: 'en', message: 'x'.repeat(siteConfig.chat.maxMessageLength + 1) },
      { message: 'no locale' },
    ]) {
      const response = await send(body)
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ code: 'chat_invalid', data: { status: 400 } })
    }
    expect((await send(null, '{not json')).status).toBe(400)
    expect((await send(null, JSON.stringify({ locale: 'en', message: 'x'.repeat(20_000) }))).status).toBe(413)
  })

  it('takes at most maxMessagesPerTicket messages on one ticket (409: use the support form)', async () => {
    const first = wireChatResponse.parse(await (await send({ locale: 'en', message: 'one' })).json())
    for (let i = 1; i < siteConfig.chat.maxMessagesPerTicket; i += 1) {
      expect((await send({ locale: 'en', message: `m${i}`, ticket: String(first.ticket), token: first.token })).status).toBe(200)
    }
    const full = await send({ locale: 'en', message: 'one too many', ticket: String(first.ticket), token: first.token })
    expect(full.status).toBe(409)
    expect(await full.json()).toMatchObject({ code: 'chat_ticket_full' })
  })
})

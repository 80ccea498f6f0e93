/**
 * `POST /api/outbox/drain` (app/server/enquiries/outbox-drain.server.ts,
 * docs/decisions/034-platform-cdn-lifetimes.md): one pass of the outbox worker, for the
 * platforms' schedules.
 *
 * In this process: the handler in front of the site's real outbox (SQLite, files) and the
 * embedded CMS served over HTTP behind a proxy that can play dead. The enquiry is kept the
 * way the submission road keeps one when the backend is down, by an instance that is gone
 * since: no worker runs here, so whatever is delivered, the drain delivered.
 * Against the production build (`npm run build` first): the server entry's door answers the
 * path, signed with REVALIDATE_SECRET when OUTBOX_DRAIN_SECRET is unset, never rate limited.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Client } from '@libsql/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EmbeddedCms } from '../../cms/index'
import { takeConsoleOutput } from '../setup/fail-on-console'
import { startBuiltSite, type BuiltSite } from '../support/built-site'

const DRAIN_SECRET = 'drain-test-secret-0123456789abcdef-0123'
const REVALIDATE_SECRET = 'drain-test-revalidate-secret-0123456789ab'
const work = mkdtempSync(path.join(tmpdir(), 'site-drain-'))
const servers: Server[] = []
const backend = { down: false }

let cms: EmbeddedCms
let cmsDb: Client
let drain: typeof import('../../app/server/enquiries/outbox-drain.server')
let site: typeof import('../../app/server/enquiries/submissions.server')

async function listen(server: Server): Promise<string> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  servers.push(server)
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

beforeAll(async () => {
  const { createEmbeddedCms } = await import('../../cms/index')
  cms = createEmbeddedCms({
    contentDir: 'tests/fixtures/cms-forms',
    databaseUrl: `file:${path.join(work, 'cms.db')}`,
    locales: ['en', 'de'],
    defaultLocale: 'en',
    previewSecret: undefined,
    uploadDir: path.join(work, 'cms-uploads'),
    smtpUrl: undefined,
    mailFrom: 'test <test@localhost>',
    siteUrl: undefined,
    printMail: false,
    adminUrl: 'http://localhost/wp-admin',
  })
  cmsDb = await cms.database()
  const serveCms = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value)
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks)
    const answer = await cms.fetch(new Request(`http://cms.test${req.url ?? '/'}`, { method: req.method, headers, body }))
    res.writeHead(answer.status, Object.fromEntries(answer.headers))
    res.end(Buffer.from(await answer.arrayBuffer()))
  }
  const cmsOrigin = await listen(createServer((req, res) => void serveCms(req, res).catch(() => res.destroy())))
  // Down: the connection is dropped, as when the backend's host is gone.
  const proxyOrigin = await listen(
    createServer((req, res) => {
      if (backend.down) {
        req.socket.destroy()
        return
      }
      const upstream = httpRequest(`${cmsOrigin}${req.url ?? '/'}`, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      })
      upstream.on('error', () => res.writeHead(502).end())
      req.pipe(upstream)
    }),
  )
  process.env.CONTENT_API_URL = proxyOrigin
  process.env.CONTENT_TIMEOUT_MS = '5000'
  process.env.SITE_DATABASE_URL = `file:${path.join(work, 'site.db')}`
  process.env.SITE_OUTBOX_DIR = path.join(work, 'outbox')
  process.env.OUTBOX_DRAIN_SECRET = DRAIN_SECRET
  process.env.REVALIDATE_SECRET = REVALIDATE_SECRET
  drain = await import('../../app/server/enquiries/outbox-drain.server')
  site = await import('../../app/server/enquiries/submissions.server')
})

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((done) => server.close(done))))
  cmsDb?.close()
  rmSync(work, { recursive: true, force: true })
})

const call = (init: { method?: string; authorization?: string } = {}) =>
  drain.handleOutboxDrain(
    new Request('http://site.test/api/outbox/drain', {
      method: init.method ?? 'POST',
      headers: init.authorization ? { authorization: init.authorization } : {},
    }),
  )

const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

/** Form 1 of the fixtures, kept as the submission road keeps one the backend could not take. */
function keep(marker: string) {
  return site.outbox.enqueue(
    {
      kind: 'form',
      target: '1',
      locale: 'en',
      idempotencyKey: `drain-${marker}`,
      payload: {
        entries: [
          ['input_1_3', 'Ada'],
          ['input_1_6', 'Lovelace'],
          ['input_2', 'ada@example.com'],
          ['input_3', '+44 20 7946 0958'],
          ['input_4', 'support'],
          ['input_5', '2031-05-04'],
          ['input_6', `Our backups fail ${marker}`],
          ['input_7_1', 'backups'],
          ['input_8', new File([pdf], 'report.pdf', { type: 'application/pdf' }), 'report.pdf'],
          ['input_11_1', '1'],
        ],
        visitorIp: '203.0.113.9',
        sourceUrl: 'http://site.test/contact',
      },
    },
    'the backend could not be reached',
  )
}

async function entriesWith(marker: string): Promise<number> {
  const entries = await cmsDb.execute({ sql: 'SELECT id FROM form_entries WHERE values_json LIKE ?', args: [`%${marker}"%`] })
  return entries.rows.length
}

describe('the outbox drain, in front of the real outbox', () => {
  it('refuses a missing, wrong or other secret with 401, and sends nothing', async () => {
    const marker = `refused-${Date.now()}`
    await keep(marker)
    await site.outbox.retry()
    for (const authorization of [
      undefined,
      'Bearer wrong-wrong-wrong-wrong-wrong-wrong',
      `Basic ${DRAIN_SECRET}`,
      `Bearer ${REVALIDATE_SECRET}`,
    ]) {
      const answer = await call({ authorization })
      expect(answer.status, authorization).toBe(401)
      expect(answer.headers.get('www-authenticate')).toBe('Bearer')
      expect(answer.headers.get('cache-control')).toBe('no-store')
    }
    expect(await entriesWith(marker)).toBe(0)
    expect((await site.outbox.list()).map((row) => row.state)).toEqual(['waiting'])
    await site.outbox.purge((await site.outbox.list())[0]?.id ?? 0)
  })

  it('answers 405 with Allow: POST to any other method', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const answer = await call({ method, authorization: `Bearer ${DRAIN_SECRET}` })
      expect(answer.status, method).toBe(405)
      expect(answer.headers.get('allow')).toBe('POST')
    }
  })

  it('sends a waiting enquiry: still waiting while the backend is down, delivered once it is back', async () => {
    const marker = `drained-${Date.now()}`
    await keep(marker)
    backend.down = true
    // Due now, as the next scheduled call finds it after its backoff.
    await site.outbox.retry()
    const whileDown = await call({ authorization: `Bearer ${DRAIN_SECRET}` })
    expect(whileDown.status).toBe(200)
    expect(whileDown.headers.get('cache-control')).toBe('no-store')
    expect(await whileDown.json()).toEqual({ delivered: 0, rejected: 0, waiting: 1 })
    expect(await entriesWith(marker)).toBe(0)

    backend.down = false
    await site.outbox.retry()
    const back = await call({ authorization: `Bearer ${DRAIN_SECRET}` })
    expect(back.status).toBe(200)
    expect(await back.json()).toEqual({ delivered: 1, rejected: 0, waiting: 0 })
    expect(await entriesWith(marker)).toBe(1)
    expect(await site.outbox.list()).toEqual([])
    // Nothing is due any more: the next call sends nothing, and the entry stays one.
    expect(await (await call({ authorization: `Bearer ${DRAIN_SECRET}` })).json()).toEqual({ delivered: 0, rejected: 0, waiting: 0 })
    expect(await entriesWith(marker)).toBe(1)
    for (const line of takeConsoleOutput()) expect(line).toMatch(/\[backend\] |\[content\] Content backend unavailable/)
  })
})

describe('the outbox drain at the server entry (production build)', () => {
  let built: BuiltSite

  beforeAll(async () => {
    // The server inherits this process's environment: here the drain has no secret of its own.
    delete process.env.OUTBOX_DRAIN_SECRET
    built = await startBuiltSite({
      dataDir: path.join(work, 'built'),
      env: {
        REVALIDATE_SECRET,
        CRON_SECRET: 'a-cron-secret-only-vercel-sends-0123456789',
        SITE_DATABASE_URL: `file:${path.join(work, 'built-site.db')}`,
        SITE_OUTBOX_DIR: path.join(work, 'built-outbox'),
        RATE_LIMIT_FACTOR: '1',
      },
    })
  }, 60_000)

  afterAll(async () => {
    await built?.stop()
  })

  const post = (authorization?: string, method = 'POST') =>
    fetch(`${built.origin}/api/outbox/drain`, { method, headers: authorization ? { authorization } : {} })

  it('answers POST with REVALIDATE_SECRET when OUTBOX_DRAIN_SECRET is unset, as JSON never stored, and never rate limits it', async () => {
    for (let call = 0; call < 25; call++) {
      const answer = await post(`Bearer ${REVALIDATE_SECRET}`)
      expect(answer.status, `call ${call}`).toBe(200)
      expect(answer.headers.get('cache-control')).toBe('no-store')
      expect(answer.headers.get('content-type')).toBe('application/json')
      expect(await answer.json()).toEqual({ delivered: 0, rejected: 0, waiting: 0 })
    }
  })

  it('refuses the rest: no secret or Vercel’s CRON_SECRET off Vercel (401), GET (405)', async () => {
    expect((await post()).status).toBe(401)
    expect((await post('Bearer a-cron-secret-only-vercel-sends-0123456789')).status).toBe(401)
    const get = await post(`Bearer ${REVALIDATE_SECRET}`, 'GET')
    expect(get.status).toBe(405)
    expect(get.headers.get('allow')).toBe('POST')
    expect(get.headers.get('cache-control')).toBe('no-store')
  })
})
